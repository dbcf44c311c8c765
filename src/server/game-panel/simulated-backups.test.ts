import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { list } from 'tar';
import { afterAll, describe, expect, it } from 'vitest';
import { readGamePanelConfig } from './config';
import { GamePanelConflictError, GamePanelRefusedError } from './errors';
import { simulatedDownload } from './sim-serve';
import { createSimulatedPanel } from './simulated';
import type { GamePanel } from './types';

// The simulated backups on a clock the test moves: real .tar.gz archives of the server's folder,
// complete a step after they start, under the panel's limit, throttle and lock; restored over the
// files after the server stopped; made daily at the time set, the oldest unlocked making room.

const dir = mkdtempSync(join(tmpdir(), 'frostnode-sim-backups-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const delayMs = 1000;
const midnight = Date.UTC(2026, 2, 1);
const minutes = (n: number) => n * 60_000;

function setup(name: string, backups = 2) {
	const clock = { now: midnight };
	const env = {
		GAME_PANEL_SIM_FILE: join(dir, name, 'panel.json'),
		GAME_PANEL_SIM_DELAY_MS: String(delayMs),
	};
	const config = readGamePanelConfig(env);
	if (config.kind !== 'simulated') throw new Error('expected the simulation');
	const panel = createSimulatedPanel(config, () => clock.now);
	const archives = () =>
		readdirSync(join(dir, name, 'panel-files', 'backups'), { recursive: true }).filter((file) =>
			String(file).endsWith('.tar.gz'),
		);
	const installed = async (serviceId = 'svc') => {
		const server = await panel.createServer({
			...{
				serviceId,
				game: 'minecraft',
				location: 'oslo',
				name: 'Kari sin verden',
				ramGb: 4,
				storageGb: 20,
			},
			customer: { email: 'kari@example.no', firstName: 'Kari', lastName: 'Nordmann' },
			backups,
		});
		clock.now += delayMs;
		return server;
	};
	return { clock, panel, env, archives, installed };
}

const reason = (promise: Promise<unknown>) =>
	promise.then(
		() => 'resolved',
		(error: unknown) => (error instanceof GamePanelRefusedError ? error.reason : String(error)),
	);

async function backupNow(
	panel: GamePanel,
	clock: { now: number },
	ref: Parameters<GamePanel['createBackup']>[0],
) {
	const backup = await panel.createBackup(ref, {});
	clock.now += delayMs;
	return backup;
}

describe('the simulated backups', () => {
	it('are .tar.gz archives of the folder, complete a step later with size and sha1', async () => {
		const { clock, panel, env, installed } = setup('archive');
		const server = await installed();
		const started = await panel.createBackup(server, { name: 'Før oppdateringen' });
		expect(started).toMatchObject({ completedAt: null, successful: false, checksum: null });
		clock.now += delayMs;
		const [done] = (await panel.listBackups(server)).backups;
		expect(done).toMatchObject({ id: started.id, name: 'Før oppdateringen', successful: true });
		const link = await panel.backupDownload(server, started.id);
		const response = await simulatedDownload(link.url.split('/').pop()!, env, clock.now);
		const bytes = Buffer.from(await response.arrayBuffer());
		expect(bytes.length).toBe(done!.bytes);
		expect(done!.checksum).toBe(`sha1:${createHash('sha1').update(bytes).digest('hex')}`);
		const archived = join(dir, 'archive', 'download.tar.gz');
		writeFileSync(archived, bytes);
		const names: string[] = [];
		await list({ file: archived, onReadEntry: (entry) => names.push(entry.path) });
		expect(names).toEqual(
			expect.arrayContaining([
				'server.properties',
				'eula.txt',
				'world/level.dat',
				'logs/latest.log',
			]),
		);
	});

	it('refuses over the limit and over 2 in 10 minutes, locked ones from deletion', async () => {
		const { clock, panel, archives, installed } = setup('limits', 2);
		const server = await installed();
		const first = await backupNow(panel, clock, server);
		await backupNow(panel, clock, server);
		expect(await reason(panel.createBackup(server, {}))).toBe('backups_too_frequent');
		clock.now += minutes(10);
		const refused = await panel.createBackup(server, {}).catch((error: unknown) => error);
		expect(refused).toMatchObject({ reason: 'backup_limit', limit: 2 });
		expect((await panel.setBackupLocked(server, first.id, true)).locked).toBe(true);
		expect(await reason(panel.deleteBackup(server, first.id))).toBe('backup_locked');
		await panel.updateBuild(server, { ramGb: 4, storageGb: 20, backups: 3 });
		expect((await panel.listBackups(server)).limit).toBe(3);
		await backupNow(panel, clock, server);
		await panel.setBackupLocked(server, first.id, false);
		await panel.deleteBackup(server, first.id);
		expect((await panel.listBackups(server)).backups).toHaveLength(2);
		expect(archives()).toHaveLength(2);
		// Deleted ones still count against the throttle, as on the panel.
		const fourth = await backupNow(panel, clock, server);
		await panel.deleteBackup(server, fourth.id);
		expect(await reason(panel.createBackup(server, {}))).toBe('backups_too_frequent');
	});

	it('restores after stopping the server: an edited file comes back, truncate removes new ones', async () => {
		const { clock, panel, installed } = setup('restore');
		const server = await installed();
		await panel.power(server, 'start');
		clock.now += delayMs;
		const before = await panel.readFile(server, '/server.properties');
		const backup = await backupNow(panel, clock, server);
		await panel.writeFile(
			server,
			'/server.properties',
			before.replace('difficulty=easy', 'difficulty=hard'),
		);
		await panel.writeFile(server, '/notes.txt', 'ny');
		await panel.restoreBackup(server, backup.id, { truncate: false });
		expect((await panel.state(server)).state).toBe('stopping');
		await expect(panel.readFile(server, '/server.properties')).rejects.toBeInstanceOf(
			GamePanelConflictError,
		);
		clock.now += 2 * delayMs;
		expect((await panel.state(server)).state).toBe('offline');
		expect(await panel.readFile(server, '/server.properties')).toBe(before);
		expect(await panel.readFile(server, '/notes.txt')).toBe('ny');
		await panel.restoreBackup(server, backup.id, { truncate: true });
		clock.now += 2 * delayMs;
		expect(await reason(panel.readFile(server, '/notes.txt'))).toBe('file_not_found');
		// One still being made cannot be restored.
		const unfinished = await panel.createBackup(server, {});
		expect(await reason(panel.restoreBackup(server, unfinished.id, { truncate: false }))).toBe(
			'backup_not_restorable',
		);
	});

	it('makes the daily backup at the time set, the oldest unlocked one making room', async () => {
		const { clock, panel, installed } = setup('daily', 2);
		const server = await installed();
		const kept = await backupNow(panel, clock, server);
		await panel.setBackupLocked(server, kept.id, true);
		await panel.setDailyBackup(server, { hour: 3, minute: 30 });
		await panel.setDailyBackup(server, { hour: 3, minute: 30 });
		clock.now = midnight + minutes(3 * 60 + 30) + delayMs;
		const names = async () => (await panel.listBackups(server)).backups.map((b) => b.name);
		expect(await names()).toEqual(['Backup at 2026-03-01 03:30:00', kept.name]);
		// Three days on: each run rotated out the oldest unlocked one; the locked one stays.
		clock.now += minutes(3 * 24 * 60);
		expect(await names()).toEqual(['Backup at 2026-03-04 03:30:00', kept.name]);
		await panel.setDailyBackup(server, null);
		clock.now += minutes(24 * 60);
		expect(await names()).toEqual(['Backup at 2026-03-04 03:30:00', kept.name]);
		const none = await setup('daily-none', 0).installed();
		expect(await reason(panel.setDailyBackup(none, { hour: 3, minute: 0 }))).toContain(
			'No simulated server',
		);
		const { panel: other, installed: make } = setup('daily-none-2', 0);
		expect(await reason(other.setDailyBackup(await make(), { hour: 3, minute: 0 }))).toBe(
			'backup_limit',
		);
	});
});
