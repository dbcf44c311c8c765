import { randomUUID } from 'node:crypto';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { readGamePanelConfig } from '../../../src/server/game-panel/config.ts';
import {
	GamePanelRateLimitedError,
	GamePanelRefusedError,
	getGamePanel,
	type CreateServerInput,
	type GamePanel,
	type ServerRef,
} from '../../../src/server/game-panel/index.ts';
import { createPterodactylPanel } from '../../../src/server/game-panel/pterodactyl.ts';
import { DAILY_BACKUP_NAME } from '../../../src/server/game-panel/pterodactyl-schedule.ts';
import { startFakePterodactyl, type FakePterodactyl } from './fake-pterodactyl/index.ts';
import { fakeEnv, waitFor, waitForState } from './targets.ts';

// What only the Pterodactyl adapter has around backups and files: the requests it sends (limits on
// the application API, raw file bodies, stop before restore), the panel's refusals told apart
// (the backup throttle's 429 from the shared rate limit's), lost answers, one-time node links.

let fake: FakePterodactyl;
let panel: GamePanel;
beforeAll(async () => {
	fake = await startFakePterodactyl({ delayMs: 5 });
	panel = getGamePanel(fakeEnv(fake));
});
afterAll(() => fake.close());
beforeEach(() => void fake.requests.splice(0));
afterEach(() => {
	fake.clearFaults();
	fake.state.rateLimits = { application: Infinity, client: Infinity };
});

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
const fakeServer = (ref: ServerRef) => fake.state.servers.find((s) => s.id === ref.panelServerId)!;
const seen = (method: string, part: string) =>
	fake.requests.filter((r) => r.method === method && r.path.includes(part));
async function installed(overrides: Partial<CreateServerInput> = {}) {
	const server = await panel.createServer(order(overrides));
	await waitForState(panel, server, 'offline');
	return server;
}
async function refusal(work: Promise<unknown>) {
	const error = await work.then(
		() => null,
		(e: unknown) => e,
	);
	expect(error).toBeInstanceOf(GamePanelRefusedError);
	return error as GamePanelRefusedError;
}

describe('the Pterodactyl adapter: backup limits', () => {
	it('sends the plan’s backups on create, 0 when omitted, and keeps them on a build change', async () => {
		const sold = await installed({ backups: 7 });
		const none = await installed();
		expect(fakeServer(sold).feature_limits.backups).toBe(7);
		expect(fakeServer(none).feature_limits.backups).toBe(0);
		await panel.updateBuild(sold, { ramGb: 8, storageGb: 40 });
		expect(fakeServer(sold).feature_limits).toMatchObject({ backups: 7, databases: 0 });
		const [patch] = seen('PATCH', '/build');
		expect(patch!.body).toMatchObject({ feature_limits: { backups: 7, databases: 0 } });
		await panel.updateBuild(none, { ramGb: 4, storageGb: 20, backups: 3 });
		expect((await panel.listBackups(none)).limit).toBe(3);
	});
});

describe('the Pterodactyl adapter: backups', () => {
	it('tells the backup throttle’s 429 from the shared rate limit’s 429', async () => {
		const server = await installed({ backups: 5 });
		await panel.createBackup(server, {});
		await panel.createBackup(server, {});
		const throttled = await refusal(panel.createBackup(server, {}));
		expect(throttled).toMatchObject({ reason: 'backups_too_frequent', status: 429 });
		fake.rateLimitNext(30);
		const limited = await panel.listBackups(server).catch((e: unknown) => e);
		expect(limited).toBeInstanceOf(GamePanelRateLimitedError);
		expect(limited).not.toBeInstanceOf(GamePanelRefusedError);
	});

	it('shares one rate bucket across every server, as the panel keys it by the admin user', async () => {
		const one = await installed({ backups: 1 });
		const two = await installed({ backups: 1 });
		fake.state.rateLimits.client = 3;
		await panel.listFiles(one, '/');
		await panel.listFiles(two, '/');
		await panel.listFiles(one, '/');
		const limited = await panel.listFiles(two, '/').catch((e: unknown) => e);
		expect(limited).toBeInstanceOf(GamePanelRateLimitedError);
		expect((limited as GamePanelRateLimitedError).retryAfterSeconds).toBeGreaterThan(0);
	});

	it('sets the lock even when the answer of a toggle was lost', async () => {
		const server = await installed({ backups: 2 });
		const backup = await panel.createBackup(server, { name: 'Keep' });
		fake.inject({
			match: (m, p) => m === 'POST' && p.endsWith('/lock'),
			afterwards: true,
			status: 502,
		});
		await expect(panel.setBackupLocked(server, backup.id, true)).rejects.toThrow();
		expect((await panel.setBackupLocked(server, backup.id, true)).locked).toBe(true);
		expect(seen('POST', '/lock')).toHaveLength(1);
		expect((await panel.setBackupLocked(server, backup.id, false)).locked).toBe(false);
	});

	it('creates a locked backup with is_locked, and names it', async () => {
		const server = await installed({ backups: 2 });
		const backup = await panel.createBackup(server, { name: 'Before mods', locked: true });
		expect(backup).toMatchObject({ name: 'Before mods', locked: true, completedAt: null });
		expect(seen('POST', '/backups')[0]!.body).toEqual({ name: 'Before mods', is_locked: true });
	});

	it('stops a running server, waits until it is offline, then restores', async () => {
		const server = await installed({ backups: 2 });
		const backup = await panel.createBackup(server, {});
		await waitFor(
			() => panel.listBackups(server),
			(l) => l.backups[0]!.completedAt !== null,
		);
		await panel.power(server, 'start');
		await waitForState(panel, server, 'running');
		fake.requests.splice(0);
		await panel.restoreBackup(server, backup.id, { truncate: true });
		const order = fake.requests
			.filter((r) => r.method === 'POST')
			.map((r) => `${r.path.split('/').slice(-1)[0]} ${JSON.stringify(r.body)}`);
		expect(order).toEqual(['power {"signal":"stop"}', 'restore {"truncate":true}']);
	});

	it('kills a server that does not stop in time, then restores', async () => {
		const config = readGamePanelConfig(fakeEnv(fake));
		if (config.kind !== 'pterodactyl') throw new Error('expected the Pterodactyl configuration');
		const impatient = createPterodactylPanel(config, { stopWaitMs: 300, pollMs: 50 });
		const server = await installed({ backups: 2 });
		const backup = await impatient.createBackup(server, {});
		await waitFor(
			() => panel.listBackups(server),
			(l) => l.backups[0]!.completedAt !== null,
		);
		await panel.power(server, 'start');
		await waitForState(panel, server, 'running');
		fake.state.delayMs = 60_000;
		try {
			await impatient.restoreBackup(server, backup.id, { truncate: false });
		} finally {
			fake.state.delayMs = 5;
		}
		const signals = seen('POST', '/power').map((r) => (r.body as { signal: string }).signal);
		expect(signals).toEqual(['start', 'stop', 'kill']);
		expect(seen('POST', '/restore')).toHaveLength(1);
	});

	it('refuses to restore a backup still being made, and maps the panel’s own 400', async () => {
		const server = await installed({ backups: 2 });
		fake.state.delayMs = 60_000;
		const pending = await panel.createBackup(server, {}).finally(() => (fake.state.delayMs = 5));
		expect(
			(await refusal(panel.restoreBackup(server, pending.id, { truncate: false }))).reason,
		).toBe('backup_not_restorable');
		expect(seen('POST', '/restore')).toHaveLength(0);
		const other = await installed({ backups: 2 });
		const done = await panel.createBackup(other, {});
		await waitFor(
			() => panel.listBackups(other),
			(l) => l.backups[0]!.completedAt !== null,
		);
		fake.inject({
			match: (m, p) => m === 'POST' && p.endsWith('/restore'),
			status: 400,
			body: {
				errors: [
					{
						code: 'BadRequestHttpException',
						status: '400',
						detail:
							'This server is not currently in a state that allows for a backup to be restored.',
					},
				],
			},
		});
		expect((await refusal(panel.restoreBackup(other, done.id, { truncate: false }))).reason).toBe(
			'backup_not_restorable',
		);
	});

	it('keeps the daily backup as a named schedule with one backup task, which rotates at the limit', async () => {
		const server = await installed({ backups: 1 });
		const first = await panel.createBackup(server, { name: 'Oldest' });
		await waitFor(
			() => panel.listBackups(server),
			(l) => l.backups[0]!.completedAt !== null,
		);
		await panel.setDailyBackup(server, { hour: 3, minute: 30 });
		const [schedule] = fakeServer(server).schedules;
		expect(schedule).toMatchObject({
			name: DAILY_BACKUP_NAME,
			cron_minute: '30',
			cron_hour: '3',
			is_active: true,
			only_when_online: false,
		});
		expect(schedule!.tasks).toEqual([
			expect.objectContaining({ action: 'backup', time_offset: 0 }),
		]);
		// The panel runs it: the oldest unlocked backup makes room for the new one.
		fake.state.backupThrottle.limit = 10;
		const run = await fetch(
			`${fake.url}/api/client/servers/${server.identifier}/schedules/${schedule!.id}/execute`,
			{
				method: 'POST',
				headers: { Authorization: `Bearer ${fake.clientKey}`, Accept: 'application/json' },
			},
		);
		fake.state.backupThrottle.limit = 2;
		expect(run.status).toBe(202);
		const { backups } = await panel.listBackups(server);
		expect(backups).toHaveLength(1);
		expect(backups[0]!.id).not.toBe(first.id);
	});

	it('refuses a daily backup without backups in the plan before making a schedule', async () => {
		const server = await installed();
		const refused = await refusal(panel.setDailyBackup(server, { hour: 3, minute: 0 }));
		expect(refused).toMatchObject({ reason: 'backup_limit', limit: 0 });
		expect(seen('POST', '/schedules')).toHaveLength(0);
		await panel.setDailyBackup(server, null);
	});
});

describe('the Pterodactyl adapter: files', () => {
	let server: ServerRef;
	beforeAll(async () => {
		server = await installed();
	});

	it('writes the raw text to /files/write?file=, not as JSON', async () => {
		await panel.writeFile(server, '/world/../server.properties', 'motd=Hei\n');
		const [write] = seen('POST', '/files/write');
		expect(write!.path).toBe(
			`client/servers/${server.identifier}/files/write?file=%2Fserver.properties`,
		);
		expect(write!.headers['content-type']).toMatch(/^text\/plain/);
		expect(fakeServer(server).wings.files.get('server.properties')!.data.toString()).toBe(
			'motd=Hei\n',
		);
	});

	it('never sends a path that leaves the server’s folder', async () => {
		await refusal(panel.readFile(server, '/../../etc/passwd'));
		await refusal(panel.fileUpload(server, '/world/../../'));
		expect(fake.requests).toHaveLength(0);
	});

	it('maps Wings’ refusals: deny list, a taken name, a folder read as a file, binary, too large', async () => {
		expect((await refusal(panel.writeFile(server, '/server.jar', 'x'))).reason).toBe(
			'path_outside_root',
		);
		expect(
			(await refusal(panel.renameFile(server, '/eula.txt', '/server.properties'))).reason,
		).toBe('name_taken');
		expect((await refusal(panel.readFile(server, '/world'))).reason).toBe('not_a_folder');
		expect((await refusal(panel.readFile(server, '/world/level.dat'))).reason).toBe(
			'file_not_text',
		);
		const files = fakeServer(server).wings.files;
		files.set('huge.log', {
			kind: 'file',
			data: Buffer.alloc(4 * 1024 * 1024 + 1, 0x61),
			modified: 0,
		});
		expect((await refusal(panel.readFile(server, '/huge.log'))).reason).toBe('file_too_large');
	});

	it('gives one-time links: download a file, upload into a folder', async () => {
		const download = await panel.fileDownload(server, '/eula.txt');
		const minutes = (Date.parse(download.expiresAt) - Date.now()) / 60_000;
		expect(minutes).toBeGreaterThan(14);
		expect(minutes).toBeLessThanOrEqual(15);
		expect(await (await fetch(download.url)).text()).toBe('eula=true\n');
		expect((await fetch(download.url)).status).toBe(404);
		const upload = await panel.fileUpload(server, '/world');
		expect(new URL(upload.url).searchParams.get('directory')).toBe('/world');
		const form = new FormData();
		form.append('files', new Blob([new Uint8Array([1, 0, 2])]), 'region.mca');
		expect((await fetch(upload.url, { method: 'POST', body: form })).status).toBe(200);
		expect((await fetch(upload.url, { method: 'POST', body: form })).status).toBe(404);
		const world = await panel.listFiles(server, '/world');
		expect(world.find((f) => f.name === 'region.mca')).toMatchObject({ kind: 'file', bytes: 3 });
		expect((await refusal(panel.readFile(server, '/world/region.mca'))).reason).toBe(
			'file_not_text',
		);
	});

	it('downloads a completed backup once through its link', async () => {
		const withBackups = await installed({ backups: 1 });
		const backup = await panel.createBackup(withBackups, {});
		await waitFor(
			() => panel.listBackups(withBackups),
			(l) => l.backups[0]!.completedAt !== null,
		);
		const link = await panel.backupDownload(withBackups, backup.id);
		const first = await fetch(link.url);
		expect(first.status).toBe(200);
		const { backups } = await panel.listBackups(withBackups);
		expect((await first.arrayBuffer()).byteLength).toBe(backups[0]!.bytes);
		expect((await fetch(link.url)).status).toBe(404);
	});
});
