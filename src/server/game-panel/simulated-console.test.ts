import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import {
	consoleEvents,
	consoleStatsSchema,
	type ConsoleFrame,
} from '../../lib/domain/game-console-event';
import { readGamePanelConfig } from './config';
import { GamePanelConflictError } from './errors';
import { createSimulatedPanel } from './simulated';
import type { GamePanel, ServerRef } from './types';

// The simulated console on a clock the test moves (frames arrive on the session's own short
// tick): the log written from the timeline, Wings' frames in and out, commands answered as the
// game answers them, state changes pushed, and the session ended when the server goes.

const dir = mkdtempSync(join(tmpdir(), 'frostnode-sim-console-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const delayMs = 1000;
const start = Date.UTC(2026, 2, 1, 12);

function setup(name: string) {
	const clock = { now: start };
	const env = {
		GAME_PANEL_SIM_FILE: join(dir, name, 'panel.json'),
		GAME_PANEL_SIM_DELAY_MS: String(delayMs),
	};
	const config = readGamePanelConfig(env);
	if (config.kind !== 'simulated') throw new Error('expected the simulation');
	// Two panels on one file: the site's processes, each with its own consoles.
	const open = () => createSimulatedPanel(config, () => clock.now);
	return { clock, panel: open(), other: open() };
}

async function running(panel: GamePanel, clock: { now: number }) {
	const server = await panel.createServer({
		...{
			serviceId: 'svc',
			game: 'minecraft',
			location: 'oslo',
			name: 'Kari sin verden',
			ramGb: 4,
			storageGb: 20,
		},
		customer: { email: 'kari@example.no', firstName: 'Kari', lastName: 'Nordmann' },
	});
	clock.now += delayMs;
	await panel.power(server, 'start');
	clock.now += delayMs;
	return server;
}

async function watch(panel: GamePanel, server: ServerRef) {
	const session = await panel.openConsole(server);
	const frames: ConsoleFrame[] = [];
	const closed: string[] = [];
	session.onFrame((frame) => frames.push(frame));
	session.onClose((reason) => closed.push(reason));
	const lines = () => frames.filter((f) => f.event === 'console output').map((f) => f.args![0]!);
	const until = (test: () => boolean) =>
		vi.waitFor(() => expect(test()).toBe(true), { timeout: 3000 });
	return { session, frames, closed, lines, until };
}

describe('the simulated console', () => {
	it('replays the log, answers commands as the game does, and sends stats', async () => {
		const { clock, panel } = setup('commands');
		const server = await running(panel, clock);
		const { session, frames, lines, until } = await watch(panel, server);
		await until(() => frames.length > 0);
		expect(frames[0]).toEqual({ event: 'status', args: ['running'] });
		session.send({ event: 'send logs' });
		expect(lines()[0]).toBe(
			'[12:00:01] [Server thread/INFO]: Starting minecraft server version 1.21.4',
		);
		expect(lines().at(-1)).toMatch(/Done \(4\.213s\)! For help, type "help"$/);
		clock.now += 5 * 60_000;
		session.send({ event: 'send command', args: ['say hi'] });
		await until(() => lines().some((line) => line.endsWith(': [Server] hi')));
		expect(lines()).toContain('[12:00:47] [Server thread/INFO]: Sondre joined the game');
		for (const command of ['op Kari', 'list', 'gamemode creative'])
			session.send({ event: 'send command', args: [command] });
		const said = lines().map((line) => line.replace(/^\[[\d:]+\] \[Server thread\/INFO\]: /, ''));
		expect(said.slice(-7)).toEqual([
			'> op Kari',
			'Made Kari a server operator',
			'> list',
			'There are 2 of a max of 16 players online: Sondre, Freja',
			'> gamemode creative',
			'Unknown or incomplete command, see below for error',
			'gamemode creative<--[HERE]',
		]);
		session.send({ event: 'send stats' });
		const stats = frames.findLast((f) => f.event === 'stats');
		const sample = consoleStatsSchema.parse(JSON.parse(stats!.args![0]!));
		expect(sample).toMatchObject({
			state: 'running',
			uptime: 5 * 60_000,
			memory_limit_bytes: 4 * 1024 ** 3,
		});
		expect(sample.disk_bytes).toBeGreaterThan(0);
		// What a customer may not send is ignored; only customer events come out.
		session.send({ event: 'set state', args: ['stop'] });
		session.send({ event: 'auth', args: ['forged'] });
		expect((await panel.state(server)).state).toBe('running');
		expect(frames.every((f) => (consoleEvents as readonly string[]).includes(f.event))).toBe(true);
		session.close();
	});

	it('pushes state changes, drops commands while stopped, and shows other processes’ lines', async () => {
		const { clock, panel, other } = setup('state');
		const server = await running(panel, clock);
		const { session, frames, lines, until } = await watch(other, server);
		await until(() => frames.length > 0);
		await panel.power(server, 'stop');
		await until(() => frames.some((f) => f.event === 'status' && f.args![0] === 'stopping'));
		await until(() => lines().some((line) => line.endsWith('Saving worlds')));
		clock.now += delayMs;
		await until(() => frames.at(-1)?.args?.[0] === 'offline');
		const before = frames.length;
		session.send({ event: 'send command', args: ['say anyone?'] });
		session.send({ event: 'send logs' });
		expect(frames.length).toBe(before);
		await panel.power(server, 'start');
		const mine = await watch(panel, server);
		clock.now += delayMs;
		mine.session.send({ event: 'send command', args: ['say from the other process'] });
		await until(() => lines().some((line) => line.endsWith('[Server] from the other process')));
		session.close();
		mine.session.close();
	});

	it('ends when the server is suspended or deleted, and opens only when it can', async () => {
		const { clock, panel } = setup('end');
		const server = await running(panel, clock);
		const first = await watch(panel, server);
		await first.until(() => first.frames.length > 0);
		await panel.suspend(server);
		await first.until(() => first.closed.length > 0);
		expect(first.frames.at(-1)).toEqual({ event: 'status', args: ['offline'] });
		expect(first.closed).toEqual(['The server was suspended']);
		await expect(panel.openConsole(server)).rejects.toBeInstanceOf(GamePanelConflictError);
		await panel.unsuspend(server);
		const second = await watch(panel, server);
		await panel.delete(server);
		await second.until(() => second.closed.length > 0);
		expect(second.closed).toEqual(['The server was deleted']);
	});
});
