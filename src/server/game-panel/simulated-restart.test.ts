import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GamePanelConflictError, GamePanelNotFoundError, GamePanelValidationError } from './errors';
import { createSimulatedPanel } from './simulated';
import type { GamePanel, ServerRef } from './types';

// The simulated panel's daily restart on a clock the test moves: kept on the server, applied when
// the state is read, refused where the panel refuses schedules.

const dir = mkdtempSync(join(tmpdir(), 'frostnode-sim-restart-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const delayMs = 1000;
const midnight = Date.UTC(2026, 2, 1);
/** `hour:minute` UTC on the first day, later days as hours past 24. */
const at = (hour: number, minute = 0) => midnight + (hour * 60 + minute) * 60_000;

const order = {
	customer: { email: 'kari@example.no', firstName: 'Kari', lastName: 'Nordmann' },
	game: 'valheim',
	location: 'oslo',
	name: 'Kari sin verden',
	ramGb: 4,
	storageGb: 20,
} as const;

function setup(file?: string) {
	const clock = { now: at(0) };
	const panel = createSimulatedPanel({ kind: 'simulated', delayMs, file }, () => clock.now);
	return { clock, panel };
}

/** A server created at midnight, installed, and running from 01:00. */
async function running(panel: GamePanel, clock: { now: number }, serviceId: string) {
	clock.now = at(0);
	const server = await panel.createServer({ ...order, serviceId });
	clock.now = at(1);
	await panel.power(server, 'start');
	clock.now = at(1) + delayMs;
	expect((await panel.state(server)).state).toBe('running');
	return server;
}

async function stateAt(panel: GamePanel, clock: { now: number }, ref: ServerRef, time: number) {
	clock.now = time;
	return (await panel.state(ref)).state;
}

describe('the simulated daily restart', () => {
	it('restarts a running server at the UTC time set: stopping, starting, running', async () => {
		const { clock, panel } = setup();
		const server = await running(panel, clock, 'svc_a');
		await panel.setDailyRestart(server, { hour: 4, minute: 30 });
		await panel.setDailyRestart(server, { hour: 4, minute: 30 });
		expect(await stateAt(panel, clock, server, at(4, 30) - 1)).toBe('running');
		const seen = [];
		for (const t of [0, delayMs, 2 * delayMs])
			seen.push(await stateAt(panel, clock, server, at(4, 30) + t));
		expect(seen).toEqual(['stopping', 'starting', 'running']);
		clock.now = at(5);
		expect((await panel.state(server)).resources?.uptimeMs).toBe(at(5) - at(4, 30) - 2 * delayMs);
		// And again the next day, with no read in between.
		clock.now = at(24 + 5);
		expect((await panel.state(server)).resources?.uptimeMs).toBe(
			at(24 + 5) - at(24 + 4, 30) - 2 * delayMs,
		);
	});

	it('keeps the restarts already due when the time changes, and none once removed', async () => {
		const { clock, panel } = setup();
		const server = await running(panel, clock, 'svc_b');
		await panel.setDailyRestart(server, { hour: 4, minute: 30 });
		clock.now = at(6);
		await panel.setDailyRestart(server, { hour: 5, minute: 0 });
		expect((await panel.state(server)).resources?.uptimeMs).toBe(at(6) - at(4, 30) - 2 * delayMs);
		expect(await stateAt(panel, clock, server, at(24 + 4, 30) + 1)).toBe('running');
		expect(await stateAt(panel, clock, server, at(24 + 5) + 1)).toBe('stopping');
		clock.now = at(30);
		await panel.setDailyRestart(server, null);
		await panel.setDailyRestart(server, null);
		clock.now = at(48 + 6);
		expect((await panel.state(server)).resources?.uptimeMs).toBe(
			at(48 + 6) - at(24 + 5) - 2 * delayMs,
		);
	});

	it('leaves a stopped server stopped, and a power signal sees the restart', async () => {
		const { clock, panel } = setup();
		const stopped = await running(panel, clock, 'svc_c');
		await panel.setDailyRestart(stopped, { hour: 4, minute: 30 });
		clock.now = at(2);
		await panel.power(stopped, 'stop');
		expect(await stateAt(panel, clock, stopped, at(4, 30) + 1)).toBe('offline');
		expect(await stateAt(panel, clock, stopped, at(48 + 6))).toBe('offline');

		const killed = await running(panel, clock, 'svc_c2');
		await panel.setDailyRestart(killed, { hour: 4, minute: 30 });
		expect(await stateAt(panel, clock, killed, at(4, 30) + 1)).toBe('stopping');
		await panel.power(killed, 'kill');
		expect(await stateAt(panel, clock, killed, at(4, 30) + 3 * delayMs)).toBe('offline');
	});

	it('refuses what the panel refuses', async () => {
		const { clock, panel } = setup();
		const server = await panel.createServer({ ...order, serviceId: 'svc_d' });
		await expect(panel.setDailyRestart(server, { hour: 4, minute: 0 })).rejects.toBeInstanceOf(
			GamePanelConflictError,
		);
		clock.now = at(1);
		await panel.suspend(server);
		await expect(panel.setDailyRestart(server, null)).rejects.toBeInstanceOf(
			GamePanelConflictError,
		);
		await panel.unsuspend(server);
		const refused = await panel
			.setDailyRestart(server, { hour: 24, minute: 1.5 })
			.catch((e: unknown) => e);
		expect(refused).toBeInstanceOf(GamePanelValidationError);
		expect(Object.keys((refused as GamePanelValidationError).fields).sort()).toEqual([
			'hour',
			'minute',
		]);
		const unknown = { panelServerId: 999, identifier: 'deadbeef' };
		await expect(panel.setDailyRestart(unknown, { hour: 4, minute: 0 })).rejects.toBeInstanceOf(
			GamePanelNotFoundError,
		);
	});

	it('keeps the time in GAME_PANEL_SIM_FILE, and reads files from before it existed', async () => {
		const file = join(dir, 'panel.json');
		const first = setup(file);
		const server = await running(first.panel, first.clock, 'svc_e');
		await first.panel.setDailyRestart(server, { hour: 4, minute: 30 });
		const again = setup(file);
		expect(await stateAt(again.panel, again.clock, server, at(4, 30))).toBe('stopping');

		const old = JSON.parse(readFileSync(file, 'utf8')) as { servers: Record<string, unknown>[] };
		for (const kept of old.servers) delete kept.dailyRestart;
		writeFileSync(file, JSON.stringify(old));
		const older = setup(file);
		expect(await stateAt(older.panel, older.clock, server, at(4, 30))).toBe('running');
		await older.panel.setDailyRestart(server, { hour: 4, minute: 45 });
		expect(await stateAt(older.panel, older.clock, server, at(4, 45))).toBe('stopping');
	});
});
