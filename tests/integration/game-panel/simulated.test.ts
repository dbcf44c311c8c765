import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { GamePanelConfigError, getGamePanel } from '../../../src/server/game-panel/index.ts';
import { createSimulatedPanel } from '../../../src/server/game-panel/simulated.ts';
import { waitForState } from './targets.ts';

// What only the simulation has: its state file, so a restarted dev server still knows the servers
// it provisioned, and a plausible address per server.

const dir = mkdtempSync(join(tmpdir(), 'frostnode-sim-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const order = {
	serviceId: 'svc_kept',
	customer: { email: 'kari@example.no', firstName: 'Kari', lastName: 'Nordmann' },
	game: 'valheim',
	name: 'Kari sin verden',
	ramGb: 4,
	storageGb: 20,
} as const;

describe('the simulated panel', () => {
	it('keeps its servers, and their state, in GAME_PANEL_SIM_FILE across restarts', async () => {
		const file = join(dir, 'nested', 'panel.json');
		const before = createSimulatedPanel({ kind: 'simulated', delayMs: 0, file });
		const server = await before.createServer(order);
		expect(server.address).toEqual({ host: 'play.local.frostnode.example', port: 25500 });
		await before.power(server, 'start');
		await before.suspend(server);
		const after = createSimulatedPanel({ kind: 'simulated', delayMs: 0, file });
		expect(await after.findServer(order.serviceId)).toEqual(server);
		expect((await after.state(server)).state).toBe('suspended');
		await after.unsuspend(server);
		await after.power(server, 'start');
		await waitForState(after, server, 'running');
		const second = await after.createServer({ ...order, serviceId: 'svc_second' });
		expect(second.panelServerId).toBe(server.panelServerId + 1);
		expect(second.address.port).toBe(25501);
	});

	it('is reachable while its state file reads, or before it is first written', async () => {
		const file = join(dir, 'probed.json');
		const panel = createSimulatedPanel({ kind: 'simulated', delayMs: 0, file });
		await expect(panel.probe()).resolves.toBe(undefined);
		await panel.createServer({ ...order, serviceId: 'svc_probed' });
		await expect(panel.probe()).resolves.toBe(undefined);
		writeFileSync(file, 'not json');
		await expect(panel.probe()).rejects.toBeInstanceOf(GamePanelConfigError);
		await expect(panel.probe()).rejects.toThrow(/GAME_PANEL_SIM_FILE/);
	});

	it('refuses a state file it cannot read rather than starting empty', async () => {
		const file = join(dir, 'broken.json');
		writeFileSync(file, '{"servers": "lost"}');
		const panel = getGamePanel({ GAME_PANEL_SIM_FILE: file });
		await expect(panel.findServer('svc')).rejects.toBeInstanceOf(GamePanelConfigError);
		await expect(panel.findServer('svc')).rejects.toThrow(/GAME_PANEL_SIM_FILE/);
		expect(panel.kind).toBe('simulated');
		await expect(panel.probe()).rejects.toBeInstanceOf(GamePanelConfigError);
	});
});
