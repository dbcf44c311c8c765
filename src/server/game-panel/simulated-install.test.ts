import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import type { ConsoleFrame } from '../../lib/domain/game-console-event';
import type { ModpackPlan } from '../../lib/modpacks/plan';
import { readGamePanelConfig } from './config';
import { GamePanelConflictError } from './errors';
import { createSimulatedPanel } from './simulated';
import type { GamePanel, ServerRef } from './types';

// installSoftware on the simulated panel, on a clock the test moves: the install log appearing in
// an open console as the install goes, nothing else allowed meanwhile, the files written at its
// end (placeholders, not the sizes), and the failure path the installer egg would take.

const dir = mkdtempSync(join(tmpdir(), 'frostnode-sim-install-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const delayMs = 10_000;
const plan: ModpackPlan = {
	...{ projectId: '1KVo5zza', versionId: 'TFOzd3Yp', name: 'Fabulously Optimized' },
	...{ versionName: '6.1.0', loader: 'fabric', loaderVersion: '0.16.9', gameVersion: '1.21.4' },
	...{ recommendedRamGb: 4, packUrl: null, overrides: ['config/yosbr/options.txt'] },
	files: ['sodium', 'lithium', 'iris'].map((name) => ({
		path: `mods/${name}.jar`,
		bytes: 2_000_000,
		sha1: name[0]!.repeat(40).replace(/[^0-9a-f]/g, 'a'),
		sha512: 'b'.repeat(128),
		downloads: [],
	})),
};

async function setup(name: string) {
	const clock = { now: Date.UTC(2026, 11, 9, 10) };
	const env = {
		GAME_PANEL_SIM_FILE: join(dir, name, 'p.json'),
		GAME_PANEL_SIM_DELAY_MS: `${delayMs}`,
	};
	const config = readGamePanelConfig(env);
	if (config.kind !== 'simulated') throw new Error('expected the simulation');
	const panel = createSimulatedPanel(config, () => clock.now);
	const server = await panel.createServer({
		...{
			serviceId: `svc_${name}`,
			game: 'minecraft',
			location: 'oslo',
			name: 'Kari',
			ramGb: 4,
			storageGb: 20,
		},
		customer: { email: 'kari@example.no', firstName: 'Kari', lastName: 'Nordmann' },
	});
	clock.now += delayMs;
	await panel.state(server);
	const root = join(dir, name, 'p-files', 'servers', server.identifier);
	return { clock, panel, server, root };
}

async function watch(panel: GamePanel, server: ServerRef) {
	const session = await panel.openConsole(server);
	const frames: ConsoleFrame[] = [];
	session.onFrame((frame) => frames.push(frame));
	const lines = () => frames.filter((f) => f.event === 'console output').map((f) => f.args![0]!);
	const until = (test: () => boolean) =>
		vi.waitFor(() => expect(test()).toBe(true), { timeout: 3000 });
	return { session, frames, lines, until };
}

describe('installing software on the simulated panel', () => {
	it('shows the install log in the console as it goes, then writes the pack', async () => {
		const { clock, panel, server, root } = await setup('log');
		await panel.power(server, 'start');
		clock.now += delayMs;
		const console = await watch(panel, server);
		await console.until(() => console.frames.length > 0);
		await panel.installSoftware(server, { kind: 'modpack', plan }, { freshWorld: false });
		const said = () => console.lines().map((line) => line.replace(/^\[[\d:]+\] /, ''));
		await console.until(() => said().includes('[Installer]: Looking up Modrinth version TFOzd3Yp'));
		expect(said()).toContain('[Server thread/INFO]: Saving worlds');
		expect(console.frames).toContainEqual({ event: 'status', args: ['installing'] });
		expect(said()).not.toContain('[Installer]: Downloading mods/iris.jar');
		await expect(panel.power(server, 'start')).rejects.toBeInstanceOf(GamePanelConflictError);
		await expect(panel.listFiles(server, '/')).rejects.toBeInstanceOf(GamePanelConflictError);
		clock.now += delayMs / 2;
		await console.until(() => said().includes('[Installer]: Downloading mods/sodium.jar'));
		clock.now += delayMs / 2;
		await console.until(() => said().at(-1) === '[Installer]: Install completed');
		expect(said()).toContain(
			'[Installer]: Installing Fabulously Optimized 6.1.0 (fabric 0.16.9, Minecraft 1.21.4)',
		);
		expect(said()).toContain('[Installer]: Start file: fabric-server-launch.jar');
		const states = console.frames.filter((f) => f.event === 'status').map((f) => f.args![0]);
		expect(states).toEqual(['running', 'installing', 'offline']);
		console.session.close();
		expect(readFileSync(join(root, 'mods/sodium.jar'), 'utf8')).toContain(plan.files[0]!.sha1);
		expect(readFileSync(join(root, '.frostnode/pack-files.txt'), 'utf8').split('\n')).toEqual(
			expect.arrayContaining(['mods/iris.jar', 'config/yosbr/options.txt', '.serverjar']),
		);
	});

	it('rewrites the configuration a customer deleted, and keeps the world unless asked', async () => {
		const { clock, panel, server, root } = await setup('config');
		await panel.deleteFiles(server, ['/eula.txt', '/server.properties']);
		await panel.installSoftware(
			server,
			{ kind: 'software', software: 'vanilla', minecraftVersion: '1.21.4' },
			{ freshWorld: false },
		);
		clock.now += delayMs;
		expect((await panel.state(server)).state).toBe('offline');
		expect(readFileSync(join(root, 'eula.txt'), 'utf8')).toContain('eula=true');
		expect(readFileSync(join(root, 'server.properties'), 'utf8')).toContain('level-name=world');
		expect(readFileSync(join(root, 'world/level.dat')).length).toBeGreaterThan(0);
		await panel.installSoftware(
			server,
			{ kind: 'software', software: 'paper', minecraftVersion: '1.21.4' },
			{ freshWorld: true },
		);
		clock.now += delayMs;
		expect((await panel.listFiles(server, '/')).map((f) => f.name)).not.toContain('world');
		expect((await panel.readFile(server, '/.serverjar')).trim()).toBe('paper-1.21.4.jar');
		expect((await panel.listFiles(server, '/')).map((f) => f.name)).not.toContain('server.jar');
	});

	it.each<[string, Partial<ModpackPlan>, string]>([
		[
			'a NeoForge for another Minecraft',
			{ loader: 'neoforge', loaderVersion: '20.4.237' },
			'NeoForge 20.4.237 is not for Minecraft 1.21.4',
		],
		[
			'a file outside the folder',
			{ files: [{ ...plan.files[0]!, path: 'mods/../../x.jar' }] },
			"the pack's file mods/../../x.jar is not a safe path",
		],
		[
			'a file in the installer’s own folder',
			{ overrides: ['.frostnode/pack-files.txt'] },
			"the pack's file .frostnode/pack-files.txt is not a safe path",
		],
	])('fails on %s, changing no file', async (name, change, words) => {
		const { clock, panel, server, root } = await setup(name.replace(/\W+/g, '-'));
		const before = readFileSync(join(root, 'world/level.dat'));
		await panel.installSoftware(
			server,
			{ kind: 'modpack', plan: { ...plan, ...change } },
			{ freshWorld: true },
		);
		clock.now += delayMs;
		expect(await panel.state(server)).toEqual({ state: 'install_failed' });
		expect(readFileSync(join(root, 'logs/latest.log'), 'utf8')).toContain(
			`[Installer]: Install failed: ${words}`,
		);
		expect(readFileSync(join(root, 'world/level.dat'))).toEqual(before);
		await expect(panel.power(server, 'start')).rejects.toBeInstanceOf(GamePanelConflictError);
		await panel.installSoftware(server, { kind: 'modpack', plan }, { freshWorld: false });
		clock.now += delayMs;
		expect((await panel.state(server)).state).toBe('offline');
	});
});
