import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../../../src/i18n/ui/de.json';
import en from '../../../src/i18n/ui/en.json';
import { startBillingStack, type BillingStack } from '../billing/fixture.ts';
import { demo, ids, other, sessionOf } from '../data-model/personas.ts';
import { call, type Routes } from './api.ts';

// The backups and files API against the local stack and the simulated panel (real files, real
// archives): the owner's server works end to end; anyone else's is "not found" and stays as it
// was; a suspended server, a path outside the server's folder, a restore without confirm and the
// plan's backup limit are refused with the reason; the writes' limit answers 429.

let b: BillingStack;
let owner: string;
let stranger: string;
let server: string;
let r: Record<string, Routes>;

const base = '/api/services';
beforeAll(async () => {
	b = await startBillingStack({ panel: 'simulated' });
	r = {
		backups: await import('../../../src/pages/api/services/[id]/backups/index.ts'),
		backup: await import('../../../src/pages/api/services/[id]/backups/[backupId]/index.ts'),
		restore: await import('../../../src/pages/api/services/[id]/backups/[backupId]/restore.ts'),
		download: await import('../../../src/pages/api/services/[id]/backups/[backupId]/download.ts'),
		lock: await import('../../../src/pages/api/services/[id]/backups/[backupId]/lock.ts'),
		files: await import('../../../src/pages/api/services/[id]/files/index.ts'),
		content: await import('../../../src/pages/api/services/[id]/files/content.ts'),
		rename: await import('../../../src/pages/api/services/[id]/files/rename.ts'),
		remove: await import('../../../src/pages/api/services/[id]/files/delete.ts'),
		folder: await import('../../../src/pages/api/services/[id]/files/folder.ts'),
		fileDownload: await import('../../../src/pages/api/services/[id]/files/download.ts'),
		upload: await import('../../../src/pages/api/services/[id]/files/upload.ts'),
	};
	owner = (await sessionOf(b.p.stack, demo)).token;
	stranger = (await sessionOf(b.p.stack, other)).token;
	const day = 86_400_000;
	server = await b.activeService(
		new Date(Date.now() - day).toISOString(),
		new Date(Date.now() + 29 * day).toISOString(),
		{ backups: 3 },
	);
}, 60_000);
afterAll(() => b.stop());

const as = (bearer: string) => ({ bearer });
const activity = async (id: string) =>
	(
		await b.p.service
			.from('service_activity')
			.select('event')
			.eq('service_id', id)
			.order('id', { ascending: false })
	).data!.map((row) => row.event);

async function settled(id: string) {
	for (let i = 0; i < 50; i++) {
		const list = await call(r.backups!, 'GET', `${base}/${id}/backups`, { id }, as(owner));
		if (list.json.backups.every((backup: { state: string }) => backup.state !== 'in_progress'))
			return list.json;
		await new Promise((done) => setTimeout(done, 100));
	}
	throw new Error('backup never completed');
}

async function readText(path: string, bearer = owner) {
	const query = `?path=${encodeURIComponent(path)}`;
	return call(
		r.content!,
		'GET',
		`${base}/${server}/files/content${query}`,
		{ id: server },
		as(bearer),
	);
}

describe('files', () => {
	it('lists the server’s folder, folders first, and reads and saves a text file saying what changed', async () => {
		const listed = await call(
			r.files!,
			'GET',
			`${base}/${server}/files?dir=/`,
			{ id: server },
			as(owner),
		);
		expect(listed.status).toBe(200);
		expect(listed.json.dir).toBe('/');
		expect(listed.json.files).toContainEqual(
			expect.objectContaining({ name: 'Pal', kind: 'folder', modifiedAt: expect.any(String) }),
		);

		const made = await call(
			r.folder!,
			'POST',
			`${base}/${server}/files/folder`,
			{ id: server },
			{ bearer: owner, body: { path: '/notes' } },
		);
		expect(made.status).toBe(201);
		const first = await call(
			r.content!,
			'PUT',
			`${base}/${server}/files/content?path=/notes/todo.txt`,
			{ id: server },
			{ bearer: owner, text: 'one\ntwo\nthree\n' },
		);
		expect(first.json).toMatchObject({
			path: '/notes/todo.txt',
			changes: { added: 3, changed: 3 },
		});
		const second = await call(
			r.content!,
			'PUT',
			`${base}/${server}/files/content?path=/notes/todo.txt`,
			{ id: server },
			{ bearer: owner, text: 'one\nTWO\nthree\nfour\n' },
		);
		expect(second.json.changes).toEqual({ added: 2, removed: 1, changed: 2 });
		const read = await readText('/notes/todo.txt');
		expect(read.status).toBe(200);
		expect(read.headers.get('content-type')).toMatch(/^text\/plain/);
		expect(read.text).toBe('one\nTWO\nthree\nfour\n');
		expect((await activity(server)).slice(0, 3)).toEqual([
			'file_saved',
			'file_saved',
			'folder_created',
		]);
		const root = await call(
			r.files!,
			'GET',
			`${base}/${server}/files?dir=/`,
			{ id: server },
			as(owner),
		);
		const names = root.json.files.map((f: { name: string; kind: string }) => `${f.kind}:${f.name}`);
		expect(names.indexOf('folder:notes')).toBeGreaterThanOrEqual(0);
		const notes = await call(
			r.files!,
			'GET',
			`${base}/${server}/files?dir=/notes/`,
			{ id: server },
			as(owner),
		);
		expect(notes.json).toEqual({
			dir: '/notes',
			files: [{ name: 'todo.txt', kind: 'file', bytes: 19, modifiedAt: expect.any(String) }],
		});
	});

	it('renames and deletes, and gives download and upload links', async () => {
		const moved = await call(
			r.rename!,
			'POST',
			`${base}/${server}/files/rename`,
			{ id: server },
			{ bearer: owner, body: { from: '/notes/todo.txt', to: '/notes/done.txt' } },
		);
		expect(moved.json, JSON.stringify(moved.json)).toEqual({
			from: '/notes/todo.txt',
			to: '/notes/done.txt',
		});
		const link = await call(
			r.fileDownload!,
			'GET',
			`${base}/${server}/files/download?path=/notes/done.txt`,
			{ id: server },
			as(owner),
		);
		expect(link.json).toMatchObject({
			url: expect.stringContaining('/'),
			expiresAt: expect.any(String),
		});
		const upload = await call(
			r.upload!,
			'POST',
			`${base}/${server}/files/upload`,
			{ id: server },
			{ bearer: owner, body: { dir: '/notes' } },
		);
		expect(upload.status).toBe(200);
		expect(upload.json.url).toEqual(expect.any(String));
		const gone = await call(
			r.remove!,
			'POST',
			`${base}/${server}/files/delete`,
			{ id: server },
			{ bearer: owner, body: { paths: ['/notes'] } },
		);
		expect(gone.json).toEqual({ deleted: ['/notes'] });
		expect((await readText('/notes/done.txt')).status).toBe(404);
		expect((await activity(server)).slice(0, 3)).toEqual([
			'file_deleted',
			'file_upload_started',
			'file_renamed',
		]);
	});

	it('refuses paths outside the server’s folder and binary text, changing nothing', async () => {
		const before = await activity(server);
		for (const dir of ['/../', '..', '/world/../../etc'])
			expect(
				(
					await call(
						r.files!,
						'GET',
						`${base}/${server}/files?dir=${encodeURIComponent(dir)}`,
						{ id: server },
						as(owner),
					)
				).json.error.code,
			).toBe('path_outside_root');
		const escape = await call(
			r.content!,
			'PUT',
			`${base}/${server}/files/content?path=${encodeURIComponent('../../escaped.txt')}`,
			{ id: server },
			{ bearer: owner, text: 'x' },
		);
		expect(escape.status).toBe(400);
		expect(escape.json.error.message).toBe(en['gameServer.refusal.path_outside_root']);
		const rename = await call(
			r.rename!,
			'POST',
			`${base}/${server}/files/rename`,
			{ id: server },
			{ bearer: owner, body: { from: '/server.properties', to: '/../server.properties' } },
		);
		expect(rename.json.error.code).toBe('path_outside_root');
		const binary = await call(
			r.content!,
			'PUT',
			`${base}/${server}/files/content?path=/a.bin`,
			{ id: server },
			{ bearer: owner, text: 'a\0b' },
		);
		expect(binary.status).toBe(415);
		expect(await activity(server)).toEqual(before);
	});
});

describe('backups', () => {
	it('makes a backup, follows it to done, locks it, links it, and restores the old files', async () => {
		const empty = await call(
			r.backups!,
			'GET',
			`${base}/${server}/backups`,
			{ id: server },
			as(owner),
		);
		expect(empty.json).toEqual({ backups: [], limit: 3 });
		await call(
			r.content!,
			'PUT',
			`${base}/${server}/files/content?path=/motd.txt`,
			{ id: server },
			{ bearer: owner, text: 'motd=Old\n' },
		);
		const made = await call(
			r.backups!,
			'POST',
			`${base}/${server}/backups`,
			{ id: server },
			{ bearer: owner, body: { name: 'Before the edit' } },
		);
		expect(made.status).toBe(201);
		const id = made.json.backup.id;
		const list = await settled(server);
		expect(list.backups[0]).toMatchObject({
			id,
			name: 'Before the edit',
			locked: false,
			state: 'completed',
			completedAt: expect.any(String),
		});
		expect(list.backups[0]!.bytes).toBeGreaterThan(0);

		const locked = await call(
			r.lock!,
			'POST',
			`${base}/${server}/backups/${id}/lock`,
			{ id: server, backupId: id },
			{ bearer: owner, body: { locked: true } },
		);
		expect(locked.json.backup.locked).toBe(true);
		const refused = await call(
			r.backup!,
			'DELETE',
			`${base}/${server}/backups/${id}`,
			{ id: server, backupId: id },
			as(owner),
		);
		expect(refused).toMatchObject({ status: 409, json: { error: { code: 'backup_locked' } } });
		const link = await call(
			r.download!,
			'GET',
			`${base}/${server}/backups/${id}/download`,
			{ id: server, backupId: id },
			as(owner),
		);
		expect(link.json.url).toEqual(expect.any(String));

		await call(
			r.content!,
			'PUT',
			`${base}/${server}/files/content?path=/motd.txt`,
			{ id: server },
			{ bearer: owner, text: 'motd=New\n' },
		);
		const unconfirmed = await call(
			r.restore!,
			'POST',
			`${base}/${server}/backups/${id}/restore`,
			{ id: server, backupId: id },
			{ bearer: owner, body: { truncate: false, locale: 'de' } },
		);
		expect(unconfirmed).toMatchObject({
			status: 400,
			json: {
				error: { code: 'confirm_required', message: de['gameBackups.error.confirmRequired'] },
			},
		});
		expect((await readText('/motd.txt')).text).toBe('motd=New\n');
		const restored = await call(
			r.restore!,
			'POST',
			`${base}/${server}/backups/${id}/restore`,
			{ id: server, backupId: id },
			{ bearer: owner, body: { confirm: true } },
		);
		expect(restored).toMatchObject({ status: 200, json: { restoring: true } });
		let text = '';
		for (let i = 0; i < 50 && text !== 'motd=Old\n'; i++) {
			await new Promise((done) => setTimeout(done, 100));
			text = (await readText('/motd.txt')).text;
		}
		expect(text).toBe('motd=Old\n');
		expect(await activity(server)).toEqual(
			expect.arrayContaining(['backup_restored', 'backup_locked', 'backup_created']),
		);
	});

	it('refuses a backup over the plan’s limit with a 409 that names the limit', async () => {
		const day = 86_400_000;
		const small = await b.activeService(
			new Date(Date.now() - day).toISOString(),
			new Date(Date.now() + 29 * day).toISOString(),
			{ backups: 1 },
		);
		const first = await call(
			r.backups!,
			'POST',
			`${base}/${small}/backups`,
			{ id: small },
			{ bearer: owner, body: {} },
		);
		expect(first.status).toBe(201);
		const over = await call(
			r.backups!,
			'POST',
			`${base}/${small}/backups`,
			{ id: small },
			{ bearer: owner, body: { locale: 'de' } },
		);
		expect(over.status).toBe(409);
		expect(over.json.error).toMatchObject({ code: 'backup_limit', limit: 1 });
		expect(over.json.error.message).toBe(
			de['gameServer.refusal.backup_limit'].replace('{limit}', '1'),
		);
		expect((await settled(small)).backups).toHaveLength(1);
	});

	it('says an unknown backup is not found', async () => {
		const missing = '00000000-0000-4000-8000-000000000000';
		const answer = await call(
			r.download!,
			'GET',
			`${base}/${server}/backups/${missing}/download`,
			{ id: server, backupId: missing },
			as(owner),
		);
		expect(answer).toMatchObject({ status: 404, json: { error: { code: 'backup_not_found' } } });
	});
});

describe('who may', () => {
	it('answers another customer 404 on every route, and nothing changes', async () => {
		const before = {
			activity: await activity(server),
			backups: (await settled(server)).backups,
			text: (await readText('/motd.txt')).text,
		};
		const p = { id: server };
		const answers = [
			await call(r.backups!, 'GET', `${base}/${server}/backups`, p, as(stranger)),
			await call(r.backups!, 'POST', `${base}/${server}/backups`, p, {
				bearer: stranger,
				body: {},
			}),
			await call(r.files!, 'GET', `${base}/${server}/files?dir=/`, p, as(stranger)),
			await readText('/motd.txt', stranger),
			await call(r.content!, 'PUT', `${base}/${server}/files/content?path=/motd.txt`, p, {
				bearer: stranger,
				text: 'pwned',
			}),
			await call(r.remove!, 'POST', `${base}/${server}/files/delete`, p, {
				bearer: stranger,
				body: { paths: ['/motd.txt'] },
			}),
			await call(r.upload!, 'POST', `${base}/${server}/files/upload`, p, {
				bearer: stranger,
				body: { dir: '/' },
			}),
		];
		const id = before.backups[0]!.id;
		answers.push(
			await call(
				r.restore!,
				'POST',
				`${base}/${server}/backups/${id}/restore`,
				{ id: server, backupId: id },
				{ bearer: stranger, body: { confirm: true } },
			),
			await call(
				r.backup!,
				'DELETE',
				`${base}/${server}/backups/${id}`,
				{ id: server, backupId: id },
				as(stranger),
			),
		);
		expect(answers.map((a) => [a.status, a.json?.error?.code])).toEqual(
			answers.map(() => [404, 'not_found']),
		);
		expect(await activity(server)).toEqual(before.activity);
		expect((await settled(server)).backups).toEqual(before.backups);
		expect((await readText('/motd.txt')).text).toBe(before.text);
	});

	it('refuses a suspended server with the reason, and a caller who is not signed in', async () => {
		const suspended = await call(
			r.backups!,
			'GET',
			`${base}/${ids.rust}/backups`,
			{ id: ids.rust },
			as(owner),
		);
		expect(suspended).toMatchObject({
			status: 409,
			json: { error: { code: 'suspended', message: en['servers.error.suspended'] } },
		});
		const files = await call(
			r.files!,
			'GET',
			`${base}/${ids.rust}/files?dir=/`,
			{ id: ids.rust },
			as(owner),
		);
		expect(files.json.error.code).toBe('suspended');
		const anonymous = await call(
			r.backups!,
			'GET',
			`${base}/${server}/backups`,
			{ id: server },
			as('not-a-token'),
		);
		expect(anonymous.status).toBe(401);
	});

	it('limits a customer’s writes, then answers 429 with Retry-After', async () => {
		// The stranger's own budget: each write is counted before anything else is looked at.
		let last = { status: 0, headers: new Headers() };
		for (let i = 0; i < 61 && last.status !== 429; i++)
			last = await call(
				r.folder!,
				'POST',
				`${base}/${server}/files/folder`,
				{ id: server },
				{ bearer: stranger, body: { path: '/x' } },
			);
		expect(last.status).toBe(429);
		expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
	});
});
