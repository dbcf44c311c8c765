import type { User } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBillingStack, type BillingStack } from '../billing/fixture.ts';
import { minecraftService } from './fixture.ts';
import { scriptedPanel, type Script } from './scripted-panel.ts';
import type * as Begin from '../../../src/server/minecraft-software/begin.ts';
import type * as Server from '../../../src/server/minecraft-software/server.ts';
import type * as Job from '../../../src/server/minecraft-software/job.ts';
import type * as Lifecycle from '../../../src/server/http/lifecycle.ts';
import type * as Queries from '../../../src/server/minecraft-software/queries.ts';
import type * as Resume from '../../../src/server/minecraft-software/resume.ts';

// The software change's job against the local stack, with a game panel that plays a script (a
// failing install, a failing backup, an install cut off): what the panel is asked, in order, what
// the database keeps, what the server's activity says, and a change taken up after a restart.

let b: BillingStack;
let owner: User;
let begin: typeof Begin;
let server: typeof Server;
let job: typeof Job;
let lifecycle: typeof Lifecycle;
let queries: typeof Queries;
let resume: typeof Resume;

beforeAll(async () => {
	process.env.PROVISIONING_POLL_MS = '5';
	b = await startBillingStack({ panel: 'simulated' });
	begin = await import('../../../src/server/minecraft-software/begin.ts');
	server = await import('../../../src/server/minecraft-software/server.ts');
	job = await import('../../../src/server/minecraft-software/job.ts');
	lifecycle = await import('../../../src/server/http/lifecycle.ts');
	queries = await import('../../../src/server/minecraft-software/queries.ts');
	resume = await import('../../../src/server/minecraft-software/resume.ts');
	owner = (await b.p.owner.auth.getUser()).data.user!;
}, 60_000);
afterAll(() => b.stop());

const paper = {
	kind: 'software',
	target: 'Paper 1.21.4',
	install: { kind: 'software', software: 'paper', minecraftVersion: '1.21.4' },
	freshWorld: false,
} as const;

async function changeOn(id: string, script: Script = {}, request: Begin.ChangeRequest = paper) {
	const scripted = scriptedPanel(script);
	const found = await server.minecraftServer(b.admin, owner, id);
	if (typeof found === 'string' || !('ref' in found))
		throw new Error(`no server: ${JSON.stringify(found)}`);
	const answer = await begin.beginChange(b.admin, scripted.panel, found, request, 'en');
	await lifecycle.backgroundSettled();
	return { answer, ...scripted };
}

/** A change to Paper begun by a site server that holds its lease for a minute (then stopped). */
async function begunBy(id: string, holder: string): Promise<string> {
	const { data: change } = await b.admin.rpc('begin_software_install', {
		customer: owner.id,
		service: id,
		kind: 'software',
		target: 'Paper 1.21.4',
		install: paper.install,
		fresh_world: false,
		holder,
		seconds: 60,
	});
	if (!change) throw new Error('the change was not begun');
	return change;
}

const events = async (id: string) =>
	(
		await b.p.service
			.from('service_activity')
			.select('event, detail')
			.eq('service_id', id)
			.order('id', { ascending: true })
	).data!.filter((row) => !['created', 'paid'].includes(row.event));

const latest = async (id: string) =>
	(
		await b.p.service
			.from('software_installs')
			.select('status, step, error_code, restored_backup, backup_id, finished_at')
			.eq('service_id', id)
			.order('started_at', { ascending: false })
			.limit(1)
			.single()
	).data!;

describe('a software change', () => {
	it('backs up, stops, installs, starts, and records what the server runs', async () => {
		const id = await minecraftService(b, { offPanel: true });
		const run = await changeOn(id);
		expect(run.answer).toMatchObject({
			install: { kind: 'software', status: 'installing', step: 'backup', target: 'Paper 1.21.4' },
		});
		expect(run.calls).toEqual([
			'backup:Before Paper 1.21.4',
			'power:stop',
			'install:software',
			'power:start',
		]);
		expect(run.installs).toEqual([
			{
				install: { kind: 'software', software: 'paper', minecraftVersion: '1.21.4' },
				freshWorld: false,
			},
		]);
		expect(await latest(id)).toMatchObject({
			status: 'installed',
			error_code: null,
			restored_backup: false,
			backup_id: 'backup-1',
		});
		expect(await events(id)).toEqual([
			{ event: 'backup_created', detail: { name: 'Before Paper 1.21.4' } },
			{
				event: 'software_changed',
				detail: { software: 'paper', minecraftVersion: '1.21.4', target: 'Paper 1.21.4' },
			},
		]);
		const shown = await queries.serverSoftware(b.p.owner, id, 'en');
		expect(shown).toMatchObject({
			software: { software: 'paper', minecraftVersion: '1.21.4' },
			modpack: null,
			install: { status: 'installed', step: null, error: null, restoredBackup: false },
			modpackExtra: true,
		});
	});

	it('puts the backup back when the install fails, over the software it ran before, starts the server and says why', async () => {
		const id = await minecraftService(b, { offPanel: true });
		// What the server ran before: a change that worked.
		const fabric = {
			...paper,
			target: 'Fabric 1.21.1',
			install: { kind: 'software', software: 'fabric', minecraftVersion: '1.21.1' },
		} as const;
		expect((await changeOn(id, {}, fabric)).answer).toMatchObject({ install: {} });
		const run = await changeOn(id, { install: ['fails', 'succeeds'], installLooks: 2 });
		// The panel restores only over a working install: what ran before goes back first.
		expect(run.calls).toEqual([
			'backup:Before Paper 1.21.4',
			'power:stop',
			'install:software',
			'install:software',
			'restore:backup-1',
			'power:start',
		]);
		expect(run.installs.map(({ install }) => install)).toEqual([paper.install, fabric.install]);
		expect(run.restores).toEqual([{ backupId: 'backup-1', truncate: true }]);
		expect(await latest(id)).toMatchObject({
			status: 'failed',
			step: 'installing',
			error_code: 'install_failed',
			restored_backup: true,
		});
		expect((await events(id)).at(-1)).toEqual({
			event: 'software_install_failed',
			detail: {
				kind: 'software',
				target: 'Paper 1.21.4',
				error: 'install_failed',
				restoredBackup: true,
			},
		});
		const shown = await queries.serverSoftware(b.p.owner, id, 'de');
		expect(shown.software).toEqual({ software: 'fabric', minecraftVersion: '1.21.1' });
		expect(shown.install).toMatchObject({
			status: 'failed',
			error: 'Die Installation ist im Game-Panel fehlgeschlagen.',
			restoredBackup: true,
		});
	});

	it('says the backup was not put back when nothing installs any more', async () => {
		const id = await minecraftService(b, { offPanel: true });
		const run = await changeOn(id, { install: ['fails'] });
		// Never changed here: Vanilla at the catalogue's default is tried before the restore.
		expect(run.installs.map(({ install }) => install)).toEqual([
			paper.install,
			{ kind: 'software', software: 'vanilla', minecraftVersion: '1.21.4' },
		]);
		expect(run.restores).toEqual([]);
		expect(await latest(id)).toMatchObject({
			status: 'failed',
			error_code: 'install_failed',
			restored_backup: false,
		});
	});

	it('changes nothing when its backup fails', async () => {
		const id = await minecraftService(b, { offPanel: true });
		const run = await changeOn(id, { backup: 'fails' });
		expect(run.calls).toEqual(['backup:Before Paper 1.21.4']);
		expect(await latest(id)).toMatchObject({
			status: 'failed',
			step: 'backup',
			error_code: 'backup_failed',
			restored_backup: false,
		});
	});

	it('makes room at the limit by deleting the oldest unlocked backup, which the activity says', async () => {
		const id = await minecraftService(b, { offPanel: true });
		const old = (n: number, locked = false) => ({
			id: `old-${n}`,
			name: `Backup ${n}`,
			bytes: 1,
			checksum: 'sha1:0',
			createdAt: `2026-12-0${n}T04:00:00.000Z`,
			completedAt: `2026-12-0${n}T04:01:00.000Z`,
			successful: true,
			locked,
		});
		const run = await changeOn(id, { limit: 2, backups: [old(1, true), old(2)] });
		expect(run.calls.slice(0, 2)).toEqual(['backup:Before Paper 1.21.4', 'delete:old-2']);
		expect(run.backups.map((backup) => backup.id)).toEqual(['old-1', 'backup-2']);
		expect((await events(id)).slice(0, 2)).toEqual([
			{ event: 'backup_deleted', detail: { backup: 'old-2', name: 'Backup 2', rotated: true } },
			{ event: 'backup_created', detail: { name: 'Before Paper 1.21.4' } },
		]);
		expect(await latest(id)).toMatchObject({ status: 'installed' });
	});

	it('is refused, leaving nothing behind, when every backup at the limit is locked', async () => {
		const id = await minecraftService(b, { offPanel: true });
		const locked = {
			id: 'kept',
			name: 'Kept',
			bytes: 1,
			checksum: 'sha1:0',
			createdAt: '2026-12-01T04:00:00.000Z',
			completedAt: '2026-12-01T04:01:00.000Z',
			successful: true,
			locked: true,
		};
		const run = await changeOn(id, { limit: 1, backups: [locked] });
		expect(run.answer).toEqual({ refused: 'backup_limit', limit: 1 });
		expect(run.calls).toEqual(['backup:Before Paper 1.21.4']);
		const { count } = await b.p.service
			.from('software_installs')
			.select('id', { count: 'exact', head: true })
			.eq('service_id', id);
		expect(count).toBe(0);
		expect(await events(id)).toEqual([]);
	});

	it('runs one at a time on a server', async () => {
		const id = await minecraftService(b, { offPanel: true });
		const first = scriptedPanel({ installHangs: true });
		const found = await server.minecraftServer(b.admin, owner, id);
		if (typeof found === 'string' || !('ref' in found)) throw new Error('no server');
		const running = await begin.beginChange(b.admin, first.panel, found, paper, 'en');
		expect(running).toMatchObject({ install: { status: 'installing' } });
		const second = await begin.beginChange(b.admin, scriptedPanel().panel, found, paper, 'en');
		expect(second).toBe('install_running');
		expect(await server.changeRunning(b.admin, id)).toBe(true);
		first.finishInstall();
		await lifecycle.backgroundSettled();
		expect(await latest(id)).toMatchObject({ status: 'installed' });
	});

	it('cut off while putting its backup back, goes on putting it back, never installing', async () => {
		const id = await minecraftService(b, { offPanel: true });
		const holder = 'a-server-that-stopped';
		const change = await begunBy(id, holder);
		await b.admin.rpc('software_install_step', {
			change,
			holder,
			step: 'installing',
			backup_id: 'backup-7',
		});
		await b.admin.rpc('software_install_failing', {
			change,
			holder,
			error_code: 'timed_out',
		});
		await b.admin.rpc('software_install_release', { change, holder });
		const panel = scriptedPanel();
		await job.runSoftwareChange(b.admin, change, { panel: panel.panel });
		expect(panel.calls).toEqual(['restore:backup-7', 'power:start']);
		expect(await latest(id)).toMatchObject({
			status: 'failed',
			error_code: 'timed_out',
			restored_backup: true,
		});
	});

	it('taken up before its backup was made, and the panel refuses one: fails, changing nothing', async () => {
		const id = await minecraftService(b, { offPanel: true });
		const holder = 'cut-off-before-its-backup';
		const begun = await begunBy(id, holder);
		await b.admin.rpc('software_install_release', { change: begun, holder });
		const panel = scriptedPanel({ limit: 0 });
		await job.runSoftwareChange(b.admin, begun, { panel: panel.panel });
		expect(panel.calls).toEqual(['backup:Before Paper 1.21.4']);
		expect(await latest(id)).toMatchObject({
			status: 'failed',
			step: 'backup',
			error_code: 'backup_failed',
			restored_backup: false,
		});
	});

	it('left by a stopped server, is taken up by one of two servers looking at once', async () => {
		const id = await minecraftService(b);
		const holder = 'a-server-that-died';
		const change = await begunBy(id, holder);
		await b.admin.rpc('software_install_release', { change, holder });
		// Both see it waiting; only the one whose lease it took says it goes on with it.
		const taken = await Promise.all([
			resume.resumeSoftwareChanges(b.admin),
			resume.resumeSoftwareChanges(b.admin),
		]);
		expect(taken.sort()).toEqual([0, 1]);
		await lifecycle.backgroundSettled();
		expect(await latest(id)).toMatchObject({ status: 'installed' });
	});

	// Last: it stops this process's background work, as a site server told to stop does.
	it('is taken up where it stood after the server running it stopped', async () => {
		const id = await minecraftService(b, { offPanel: true });
		const panel = scriptedPanel({ installHangs: true });
		const found = await server.minecraftServer(b.admin, owner, id);
		if (typeof found === 'string' || !('ref' in found)) throw new Error('no server');
		await begin.beginChange(b.admin, panel.panel, found, paper, 'en');
		for (let i = 0; i < 400 && (await latest(id)).step !== 'installing'; i++)
			await new Promise((done) => setTimeout(done, 5));
		// The site server stops while the panel installs: the job lets go of the change at once.
		lifecycle.beginShutdown();
		await lifecycle.backgroundSettled();
		expect(await latest(id)).toMatchObject({ status: 'installing', step: 'installing' });
		const change = (
			await b.p.service.from('software_installs').select('id').eq('service_id', id).single()
		).data!.id;
		const { data: waiting } = await b.p.service.rpc('software_installs_to_resume', {
			max_rows: 50,
		});
		expect(waiting).toContain(change);
		// Started again (a new process, its own shutdown signal), the site takes it up: the install
		// it handed over runs on and is not asked for twice, then the server starts.
		delete (globalThis as Record<symbol, unknown>)[Symbol.for('frostnode.lifecycle.shutdown')];
		expect(lifecycle.isShuttingDown()).toBe(false);
		panel.finishInstall();
		await job.runSoftwareChange(b.admin, change, { panel: panel.panel });
		expect(panel.calls).toEqual([
			'backup:Before Paper 1.21.4',
			'power:stop',
			'install:software',
			'power:start',
		]);
		expect(await latest(id)).toMatchObject({ status: 'installed' });
	});
});
