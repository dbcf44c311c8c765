import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ConsoleFrame } from '../../../src/lib/domain/game-console-event.ts';
import {
	GamePanelConfigError,
	GamePanelConflictError,
	GamePanelRefusedError,
	getGamePanel,
	simulatedDownload,
	type GamePanel,
	type ServerRef,
} from '../../../src/server/game-panel/index.ts';
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
	location: 'oslo',
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

// The offline game server, through getGamePanel as the site gets it, on real time: a Minecraft
// server's files, a backup restored over an edited server.properties, its console answering.
describe('the simulated game server', () => {
	const env = {
		GAME_PANEL_SIM_FILE: join(dir, 'server', 'panel.json'),
		GAME_PANEL_SIM_DELAY_MS: '20',
		PUBLIC_SITE_URL: 'http://127.0.0.1:4630',
	};
	const panel = getGamePanel(env);
	const minecraft = (serviceId: string, backups = 2) =>
		panel.createServer({ ...order, serviceId, game: 'minecraft', backups });
	const reason = (work: Promise<unknown>) =>
		work.then(
			() => 'resolved',
			(error: unknown) => (error instanceof GamePanelRefusedError ? error.reason : String(error)),
		);

	async function untilComplete(server: ServerRef, id: string) {
		await vi.waitFor(
			async () => {
				const { backups } = await panel.listBackups(server);
				expect(backups.find((b) => b.id === id)?.successful).toBe(true);
			},
			{ timeout: 5000, interval: 10 },
		);
	}

	it('keeps files, and restores a .tar.gz backup over an edited server.properties', async () => {
		const server = await minecraft('svc_restore');
		await waitForState(panel, server, 'offline');
		await panel.power(server, 'start');
		await waitForState(panel, server, 'running');
		const properties = await panel.readFile(server, '/server.properties');
		expect(properties).toMatch(/^max-players=16$/m);
		const backup = await panel.createBackup(server, { name: 'Før endringen' });
		await untilComplete(server, backup.id);
		await panel.writeFile(
			server,
			'/server.properties',
			properties.replace('max-players=16', 'max-players=2'),
		);
		await panel.createFolder(server, '/plugins');
		await panel.renameFile(server, '/ops.json', '/plugins/ops.json');
		await panel.restoreBackup(server, backup.id, { truncate: true });
		await waitForState(panel, server, 'offline');
		await vi.waitFor(
			async () => expect(await panel.readFile(server, '/server.properties')).toBe(properties),
			{
				timeout: 5000,
			},
		);
		const names = (await panel.listFiles(server, '/')).map((entry) => entry.name);
		expect(names).toContain('ops.json');
		expect(names).not.toContain('plugins');
		const link = await panel.backupDownload(server, backup.id);
		const download = await simulatedDownload(link.url.split('/').pop()!, env);
		expect(download.headers.get('content-disposition')).toContain(`${backup.id}.tar.gz`);
		expect([...new Uint8Array(await download.arrayBuffer()).subarray(0, 2)]).toEqual([0x1f, 0x8b]);
	});

	it('answers `say hi` on its console', async () => {
		const server = await minecraft('svc_console');
		await waitForState(panel, server, 'offline');
		await panel.power(server, 'start');
		await waitForState(panel, server, 'running');
		const session = await panel.openConsole(server);
		const frames: ConsoleFrame[] = [];
		session.onFrame((frame) => frames.push(frame));
		session.send({ event: 'send logs' });
		session.send({ event: 'send command', args: ['say hi'] });
		const answered = (f: ConsoleFrame) =>
			f.args?.[0]?.endsWith('[Server thread/INFO]: [Server] hi');
		await vi.waitFor(() => expect(frames.some(answered)).toBe(true));
		expect(frames[0]).toEqual({ event: 'status', args: ['running'] });
		expect(await panel.readFile(server, '/logs/latest.log')).toMatch(/\[Server\] hi\n$/);
		session.close();
	});

	it('refuses its tools while installing or suspended, and refuses what the panel refuses', async () => {
		const slow = createSimulatedPanel({ kind: 'simulated', delayMs: 60_000 });
		const installing = await slow.createServer({
			...order,
			serviceId: 'svc_slow',
			game: 'minecraft',
		});
		const tools = (on: GamePanel, server: ServerRef) => [
			() => on.listFiles(server, '/'),
			() => on.readFile(server, '/server.properties'),
			() => on.listBackups(server),
			() => on.createBackup(server, {}),
			() => on.openConsole(server),
			() => on.fileUpload(server, '/'),
		];
		for (const call of tools(slow, installing))
			await expect(call()).rejects.toBeInstanceOf(GamePanelConflictError);
		const suspended = await minecraft('svc_suspended', 0);
		await waitForState(panel, suspended, 'offline');
		expect(await reason(panel.createBackup(suspended, {}))).toBe('backup_limit');
		expect(await reason(panel.readFile(suspended, '/world/level.dat'))).toBe('file_not_text');
		expect(await reason(panel.readFile(suspended, '/../panel.json'))).toBe('path_outside_root');
		await panel.suspend(suspended);
		for (const call of tools(panel, suspended))
			await expect(call()).rejects.toBeInstanceOf(GamePanelConflictError);
	});
});
