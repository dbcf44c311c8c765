import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
	GamePanelConflictError,
	GamePanelRefusedError,
	GamePanelValidationError,
	type CreateServerInput,
	type GamePanel,
	type ServerRef,
} from '../../../src/server/game-panel/index.ts';
import {
	fabulouslyOptimized,
	mismatchedPack,
	modpack,
	neoforgePack,
	paper,
} from './software-fixtures.ts';
import {
	pterodactylTarget,
	simulatedTarget,
	waitFor,
	waitForState,
	type Target,
} from './targets.ts';

// installSoftware, one behaviour on both implementations: the simulation rewrites its file tree
// as the installer egg would; Pterodactyl (the fake panel) gets the egg's variables through the
// startup endpoint and a reinstall, and its fake node models what the egg's script leaves (the
// start file, the worlds). What a pack puts in mods/ is checked on the simulation's tree; on
// Pterodactyl the egg fetches the pack itself, so the variables sent are what is checked.

const order = (overrides: Partial<CreateServerInput> = {}): CreateServerInput => ({
	serviceId: `svc_${randomUUID()}`,
	customer: { email: 'kari.nordmann@example.no', firstName: 'Kari', lastName: 'Nordmann' },
	game: 'minecraft',
	location: 'oslo',
	name: 'Kari sin verden',
	ramGb: 4,
	storageGb: 20,
	...overrides,
});

describe.each([
	['Pterodactyl (against the fake panel)', pterodactylTarget],
	['the simulated panel', simulatedTarget],
] as const)('installing server software: %s', (_, start) => {
	let target: Target;
	let panel: GamePanel;
	beforeAll(async () => {
		target = await start();
		panel = target.panel;
	});
	afterAll(() => target.close());

	async function installed(overrides: Partial<CreateServerInput> = {}) {
		const server = await panel.createServer(order(overrides));
		await waitForState(panel, server, 'offline');
		return server;
	}
	const names = async (server: ServerRef, dir: string) =>
		(await panel.listFiles(server, dir).catch(() => [])).map((entry) => entry.name);
	const startFile = async (server: ServerRef) =>
		(await names(server, '/')).includes('unix_args.txt')
			? 'unix_args.txt'
			: (await panel.readFile(server, '/.serverjar')).trim();
	async function install(
		server: ServerRef,
		what: Parameters<GamePanel['installSoftware']>[1],
		freshWorld = false,
	) {
		await panel.installSoftware(server, what, { freshWorld });
		return waitForState(panel, server, 'offline');
	}

	it('stops a running server and installs plain server software, keeping the world', async () => {
		const server = await installed();
		await panel.power(server, 'start');
		await waitForState(panel, server, 'running');
		await panel.installSoftware(server, paper, { freshWorld: false });
		const seen = await waitForState(panel, server, 'offline');
		expect(seen).not.toContain('running');
		expect(await startFile(server)).toBe('paper-1.21.4.jar');
		expect(await names(server, '/')).toContain('paper-1.21.4.jar');
		expect(await names(server, '/world')).toContain('level.dat');
		const side = target.panelSide(server);
		if (side) {
			expect(side.variables).toMatchObject({
				SOFTWARE: 'paper',
				MC_VERSION: '1.21.4',
				MODRINTH_PROJECT_ID: '',
				FRESH_WORLD: '0',
			});
			const stop = side.requests.findIndex((r) => r.endsWith('/power stop'));
			const startup = side.requests.findIndex((r) => r.endsWith('/startup'));
			expect(stop).toBeGreaterThanOrEqual(0);
			expect(startup).toBeGreaterThan(stop);
			expect(side.requests.at(-1)).toMatch(/^POST application\/servers\/\d+\/reinstall$/);
		}
		await panel.power(server, 'start');
		await waitForState(panel, server, 'running');
	});

	it('installs a modpack on its loader, keeping the world', async () => {
		const server = await installed();
		await install(server, modpack(fabulouslyOptimized));
		expect(await startFile(server)).toBe('fabric-server-launch.jar');
		expect(await names(server, '/world')).toContain('level.dat');
		const side = target.panelSide(server);
		if (side)
			expect(side.variables).toMatchObject({
				SOFTWARE: 'modrinth',
				MC_VERSION: '1.21.4',
				MODRINTH_PROJECT_ID: '1KVo5zza',
				MODRINTH_VERSION_ID: 'TFOzd3Yp',
				MODPACK_LOADER: 'fabric',
				MODPACK_LOADER_VERSION: '0.16.9',
			});
		else {
			expect(await names(server, '/mods')).toEqual([
				'lithium-fabric-0.14.3.jar',
				'sodium-fabric-0.6.5.jar',
			]);
			const mod = await panel.readFile(server, '/mods/sodium-fabric-0.6.5.jar');
			expect(mod).toContain(fabulouslyOptimized.files[0]!.sha1);
			expect(await panel.readFile(server, '/config/yosbr/options.txt')).toContain('override');
		}
	});

	it('makes a fresh world when asked', async () => {
		const server = await installed();
		await install(server, modpack(fabulouslyOptimized), true);
		expect(await names(server, '/')).not.toContain('world');
		const side = target.panelSide(server);
		if (side) expect(side.variables.FRESH_WORLD).toBe('1');
	});

	it("replaces the first pack's files with the second's and keeps the customer's", async () => {
		const server = await installed();
		await install(server, modpack(fabulouslyOptimized));
		await panel.createFolder(server, '/mods').catch(() => undefined);
		await panel.writeFile(server, '/mods/my-own-mod.txt', 'mine');
		await install(server, modpack(neoforgePack));
		expect(await startFile(server)).toBe('unix_args.txt');
		expect(await names(server, '/')).not.toContain('.serverjar');
		expect(await names(server, '/mods')).toContain('my-own-mod.txt');
		const side = target.panelSide(server);
		if (side)
			expect(side.variables).toMatchObject({
				MODRINTH_PROJECT_ID: 'Ns1aQ5ZT',
				MODPACK_LOADER: 'neoforge',
				MODPACK_LOADER_VERSION: '21.1.77',
			});
		else
			expect(await names(server, '/mods')).toEqual(['create-1.21.1-6.0.4.jar', 'my-own-mod.txt']);
	});

	it('refuses another game’s server, and changes nothing', async () => {
		const server = await installed({ game: 'valheim' });
		const refused = await panel
			.installSoftware(server, paper, { freshWorld: false })
			.catch((error: unknown) => error);
		expect(refused).toBeInstanceOf(GamePanelRefusedError);
		expect((refused as GamePanelRefusedError).reason).toBe('not_minecraft');
		expect(target.panelSide(server)?.requests ?? []).toEqual([]);
	});

	it('refuses while the server installs, and a suspended one, which stays suspended', async () => {
		await target.withSlowInstall(async (slow) => {
			const server = await slow.createServer(order());
			await expect(
				slow.installSoftware(server, paper, { freshWorld: false }),
			).rejects.toBeInstanceOf(GamePanelConflictError);
		});
		const server = await installed();
		await panel.suspend(server);
		await expect(panel.installSoftware(server, paper, { freshWorld: true })).rejects.toBeInstanceOf(
			GamePanelConflictError,
		);
		expect(await panel.state(server)).toEqual({ state: 'suspended' });
		expect(
			(target.panelSide(server)?.requests ?? []).filter((r) => !r.endsWith('/suspend')),
		).toEqual([]);
	});

	it('refuses a version that is not one, by field', async () => {
		const server = await installed();
		const bad = { ...paper, minecraftVersion: '1.21; rm -rf /' };
		const refused = await panel
			.installSoftware(server, bad, { freshWorld: false })
			.catch((e: unknown) => e);
		expect(refused).toBeInstanceOf(GamePanelValidationError);
		expect(Object.keys((refused as GamePanelValidationError).fields)).toEqual([
			'install.minecraftVersion',
		]);
	});

	it('fails an install the installer refuses; the backup waits for working software', async () => {
		const server = await installed({ backups: 2 });
		const backup = await panel.createBackup(server, { name: 'Before Frosty Create' });
		await waitFor(
			() => panel.listBackups(server),
			({ backups }) => backups.some((b) => b.id === backup.id && b.completedAt !== null),
		);
		await panel.installSoftware(server, modpack(mismatchedPack), { freshWorld: false });
		await waitForState(panel, server, 'install_failed');
		const refused = await panel
			.restoreBackup(server, backup.id, { truncate: true })
			.catch((e: unknown) => e);
		expect((refused as GamePanelRefusedError).reason).toBe('backup_not_restorable');
		await install(server, paper);
		await panel.restoreBackup(server, backup.id, { truncate: true });
		await waitFor(
			() => panel.listFiles(server, '/world'),
			(files) => files.some((f) => f.name === 'level.dat'),
		);
	});
});
