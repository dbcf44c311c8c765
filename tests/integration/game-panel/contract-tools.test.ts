import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ConsoleFrame } from '../../../src/lib/domain/game-console-event.ts';
import {
	GamePanelConflictError,
	GamePanelRefusedError,
	type CreateServerInput,
	type GamePanel,
	type PanelRefusal,
	type ServerRef,
} from '../../../src/server/game-panel/index.ts';
import {
	pterodactylTarget,
	simulatedTarget,
	waitFor,
	waitForState,
	type Target,
} from './targets.ts';

// The customer's tools on the port, against both implementations: backups, files and the live
// console, and their refusals. The same calls, the same answers, Pterodactyl or simulated.

function order(overrides: Partial<CreateServerInput> = {}): CreateServerInput {
	return {
		serviceId: `svc_${randomUUID()}`,
		customer: { email: 'kari.nordmann@example.no', firstName: 'Kari', lastName: 'Nordmann' },
		game: 'minecraft',
		location: 'oslo',
		name: 'Kari sin verden',
		ramGb: 4,
		storageGb: 20,
		...overrides,
	};
}

async function refusal(work: Promise<unknown>): Promise<GamePanelRefusedError> {
	const error = await work.then(
		() => null,
		(e: unknown) => e,
	);
	expect(error).toBeInstanceOf(GamePanelRefusedError);
	return error as GamePanelRefusedError;
}

const refusedWith = async (work: Promise<unknown>, reason: PanelRefusal) =>
	expect((await refusal(work)).reason).toBe(reason);

describe.each([
	['Pterodactyl (against the fake panel)', pterodactylTarget],
	['the simulated panel', simulatedTarget],
] as const)('the game panel tools: %s', (_name, start) => {
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

	async function running(overrides: Partial<CreateServerInput> = {}) {
		const server = await installed(overrides);
		await panel.power(server, 'start');
		await waitForState(panel, server, 'running');
		return server;
	}

	const completed = (server: ServerRef, id: string) =>
		waitFor(
			() => panel.listBackups(server),
			({ backups }) => backups.some((b) => b.id === id && b.completedAt !== null),
		).then(({ backups }) => backups.find((b) => b.id === id)!);

	describe('backups', () => {
		it('makes a backup that completes with its size and checksum, up to the limit', async () => {
			const server = await installed({ backups: 1 });
			expect(await panel.listBackups(server)).toEqual({ backups: [], limit: 1 });
			const started = await panel.createBackup(server, { name: 'Before the update' });
			expect(started).toMatchObject({ id: expect.any(String), name: 'Before the update' });
			expect(await completed(server, started.id)).toMatchObject({
				name: 'Before the update',
				bytes: expect.any(Number),
				checksum: expect.stringMatching(/^sha1:[0-9a-f]{40}$/),
				successful: true,
				locked: false,
				createdAt: started.createdAt,
			});
			expect((await panel.listBackups(server)).backups[0]!.bytes).toBeGreaterThan(0);
			const over = await refusal(panel.createBackup(server, {}));
			expect(over.reason).toBe('backup_limit');
			expect(over.limit).toBe(1);
			expect((await panel.listBackups(server)).backups).toHaveLength(1);
		});

		it('refuses a backup without backups in the plan, and more than two in ten minutes', async () => {
			const none = await installed();
			const refused = await refusal(panel.createBackup(none, {}));
			expect([refused.reason, refused.limit]).toEqual(['backup_limit', 0]);
			const server = await installed({ backups: 5 });
			await panel.createBackup(server, {});
			await panel.createBackup(server, {});
			await refusedWith(panel.createBackup(server, {}), 'backups_too_frequent');
			expect((await panel.listBackups(server)).backups).toHaveLength(2);
		});

		it('keeps a locked backup from deletion until it is unlocked; the lock is set, not toggled', async () => {
			const server = await installed({ backups: 2 });
			const backup = await panel.createBackup(server, { name: 'Keep' });
			await completed(server, backup.id);
			expect((await panel.setBackupLocked(server, backup.id, true)).locked).toBe(true);
			expect((await panel.setBackupLocked(server, backup.id, true)).locked).toBe(true);
			await refusedWith(panel.deleteBackup(server, backup.id), 'backup_locked');
			expect((await panel.listBackups(server)).backups.map((b) => b.locked)).toEqual([true]);
			expect((await panel.setBackupLocked(server, backup.id, false)).locked).toBe(false);
			await panel.deleteBackup(server, backup.id);
			expect((await panel.listBackups(server)).backups).toEqual([]);
		});

		it('gives a short-lived download link for a completed backup', async () => {
			const server = await installed({ backups: 1 });
			const backup = await panel.createBackup(server, {});
			await completed(server, backup.id);
			const link = await panel.backupDownload(server, backup.id);
			expect(link.url).toMatch(/^https?:\/\//);
			const minutes = (Date.parse(link.expiresAt) - Date.now()) / 60_000;
			expect(minutes).toBeGreaterThan(1);
			expect(minutes).toBeLessThanOrEqual(15);
		});

		it("stops the server and restores a backup: an edited file's old content comes back", async () => {
			const server = await running({ backups: 2 });
			const before = await panel.readFile(server, '/server.properties');
			const backup = await panel.createBackup(server, { name: 'Known good' });
			await completed(server, backup.id);
			await panel.writeFile(server, '/server.properties', `${before}motd=Broken\n`);
			expect(await panel.readFile(server, '/server.properties')).toContain('motd=Broken');
			await panel.restoreBackup(server, backup.id, { truncate: false });
			const restored = await waitFor(
				() => panel.readFile(server, '/server.properties'),
				(text) => text === before,
			);
			expect(restored).toBe(before);
			expect(
				(
					await waitFor(
						() => panel.state(server),
						() => true,
					)
				).state,
			).toBe('offline');
		});

		it('keeps one daily backup schedule per server at the time last set, and removes it', async () => {
			const server = await installed({ backups: 3 });
			await panel.setDailyRestart(server, { hour: 5, minute: 0 });
			await panel.setDailyBackup(server, { hour: 3, minute: 15 });
			await panel.setDailyBackup(server, { hour: 3, minute: 15 });
			expect(target.dailyBackups(server)).toEqual([{ hour: 3, minute: 15 }]);
			await panel.setDailyBackup(server, { hour: 22, minute: 40 });
			expect(target.dailyBackups(server)).toEqual([{ hour: 22, minute: 40 }]);
			await panel.setDailyBackup(server, null);
			await panel.setDailyBackup(server, null);
			expect(target.dailyBackups(server)).toEqual([]);
			expect(target.dailyRestarts(server)).toEqual([{ hour: 5, minute: 0 }]);
			const none = await installed();
			const refused = await refusal(panel.setDailyBackup(none, { hour: 3, minute: 0 }));
			expect([refused.reason, refused.limit]).toEqual(['backup_limit', 0]);
			expect(target.dailyBackups(none)).toEqual([]);
		});
	});

	describe('files', () => {
		let server: ServerRef;
		beforeAll(async () => {
			server = await installed();
		});

		it("lists the server's folder: names, kinds, sizes, times", async () => {
			const root = await panel.listFiles(server, '/');
			const properties = root.find((f) => f.name === 'server.properties');
			expect(properties).toMatchObject({ kind: 'file', bytes: expect.any(Number) });
			expect(properties!.bytes).toBeGreaterThan(0);
			expect(Number.isNaN(Date.parse(properties!.modifiedAt))).toBe(false);
			expect(root.find((f) => f.name === 'world')).toMatchObject({ kind: 'folder' });
		});

		it('reads and writes a text file', async () => {
			const text = await panel.readFile(server, '/server.properties');
			expect(text).toMatch(/^motd=/m);
			const changed = text.replace(/^max-players=.*$/m, 'max-players=12');
			await panel.writeFile(server, 'server.properties', changed);
			expect(await panel.readFile(server, '/./server.properties')).toBe(changed);
			const entry = (await panel.listFiles(server, '/')).find(
				(f) => f.name === 'server.properties',
			);
			expect(entry!.bytes).toBe(Buffer.byteLength(changed));
		});

		it('creates folders, renames and deletes', async () => {
			await panel.createFolder(server, '/plugins/config');
			expect(await panel.listFiles(server, '/plugins')).toEqual([
				expect.objectContaining({ name: 'config', kind: 'folder' }),
			]);
			await panel.writeFile(server, '/notes.txt', 'hei\n');
			await panel.renameFile(server, '/notes.txt', '/plugins/config/notes.txt');
			expect(await panel.readFile(server, '/plugins/config/notes.txt')).toBe('hei\n');
			await refusedWith(panel.readFile(server, '/notes.txt'), 'file_not_found');
			await refusedWith(panel.renameFile(server, '/notes.txt', '/other.txt'), 'file_not_found');
			await panel.deleteFiles(server, ['/plugins']);
			expect((await panel.listFiles(server, '/')).map((f) => f.name)).not.toContain('plugins');
			await refusedWith(panel.listFiles(server, '/plugins'), 'file_not_found');
		});

		it("refuses paths outside the server's folder, and binary content", async () => {
			await refusedWith(panel.listFiles(server, '/../'), 'path_outside_root');
			await refusedWith(panel.readFile(server, '/world/../../etc/passwd'), 'path_outside_root');
			await refusedWith(panel.writeFile(server, '../escape.txt', 'x'), 'path_outside_root');
			await refusedWith(panel.deleteFiles(server, ['/../..']), 'path_outside_root');
			await refusedWith(panel.renameFile(server, '/eula.txt', '/../eula.txt'), 'path_outside_root');
			await refusedWith(panel.writeFile(server, '/data.bin', 'a\u0000b'), 'file_not_text');
			await refusedWith(
				panel.writeFile(server, '/big.txt', 'x'.repeat(4 * 1024 * 1024 + 1)),
				'file_too_large',
			);
			expect((await panel.listFiles(server, '/')).map((f) => f.name)).not.toContain('data.bin');
		});
	});

	describe('console', () => {
		it('opens on a running server: status first, logs replayed, commands answered', async () => {
			const server = await running();
			const session = await panel.openConsole(server);
			const frames: ConsoleFrame[] = [];
			session.onFrame((frame) => frames.push(frame));
			const seen = (test: (frame: ConsoleFrame) => boolean) =>
				waitFor(
					() => Promise.resolve(frames),
					(all) => all.some(test),
				);
			await seen((f) => f.event === 'status');
			expect(frames[0]).toEqual({ event: 'status', args: ['running'] });
			session.send({ event: 'send logs' });
			await seen((f) => f.event === 'console output');
			session.send({ event: 'send command', args: ['say hi'] });
			await seen((f) => f.event === 'console output' && /\bhi\b/.test(f.args?.[0] ?? ''));
			// Only what a customer may send reaches the server: no power, no authentication.
			session.send({ event: 'set state', args: ['stop'] });
			session.send({ event: 'auth', args: ['forged'] });
			session.send({ event: 'send stats' });
			await seen((f) => f.event === 'stats');
			await sleep(100);
			expect((await panel.state(server)).state).toBe('running');
			const allowed = ['console output', 'status', 'stats', 'daemon message'];
			expect(frames.every((f) => allowed.includes(f.event))).toBe(true);
			session.close();
		});

		it('opens on a stopped server with its status', async () => {
			const server = await installed();
			const session = await panel.openConsole(server);
			const frames: ConsoleFrame[] = [];
			session.onFrame((frame) => frames.push(frame));
			await waitFor(
				() => Promise.resolve(frames),
				(all) => all.length > 0,
			);
			expect(frames[0]).toEqual({ event: 'status', args: ['offline'] });
			session.close();
		});
	});

	it('refuses every tool while the server installs or is suspended', async () => {
		const tools = (on: GamePanel, server: ServerRef) => [
			() => on.openConsole(server),
			() => on.listBackups(server),
			() => on.createBackup(server, {}),
			() => on.setDailyBackup(server, { hour: 3, minute: 0 }),
			() => on.listFiles(server, '/'),
			() => on.readFile(server, '/server.properties'),
			() => on.writeFile(server, '/server.properties', 'motd=x\n'),
		];
		await target.withSlowInstall(async (slow) => {
			const installing = await slow.createServer(order({ backups: 2 }));
			for (const call of tools(slow, installing))
				await expect(call()).rejects.toBeInstanceOf(GamePanelConflictError);
		});
		const suspended = await installed({ backups: 2 });
		await panel.suspend(suspended);
		for (const call of tools(panel, suspended))
			await expect(call()).rejects.toBeInstanceOf(GamePanelConflictError);
		await panel.unsuspend(suspended);
		expect((await panel.listBackups(suspended)).limit).toBe(2);
	});
});
