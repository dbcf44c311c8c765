import { spawn } from 'node:child_process';
import {
	mkdtemp,
	readFile,
	rm,
	writeFile,
	copyFile,
	mkdir,
	readdir,
	stat,
	utimes,
} from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { databaseFor, testPostgresUrl } from '../postgres/engine.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { updateEnvFile, type LocalStack } from '@frostnode/local-supabase';
import {
	FIXTURE_MIGRATIONS,
	PASSWORD,
	clientFor,
	latestMailTo,
	messages,
	startTestStack,
	uniqueEmail,
} from './helpers.ts';

// Starting, stopping and restarting on disk: data, keys and mail survive; migrations apply once and
// new files apply on the next start; the seed runs only on a new database; a process killed in the
// middle of writing loses nothing it acknowledged. Plus the mailbox pages and .env.local.

const NODE_22 = resolve('node_modules/.bin/node');
// The child imports the package by name, as any consumer does.
const STACK_MODULE = '@frostnode/local-supabase';

let workDir: string;

beforeAll(async () => {
	workDir = await mkdtemp(join(tmpdir(), 'local-stack-test-'));
});
afterAll(async () => {
	await rm(workDir, { recursive: true, force: true });
});

async function projectCopy(
	name: string,
): Promise<{ dataDir: string; migrationsDir: string; seedFile: string }> {
	const root = join(workDir, name);
	const migrationsDir = join(root, 'migrations');
	await mkdir(migrationsDir, { recursive: true });
	for (const file of await readdir(FIXTURE_MIGRATIONS))
		await copyFile(join(FIXTURE_MIGRATIONS, file), join(migrationsDir, file));
	const seedFile = join(root, 'seed.sql');
	await writeFile(seedFile, `insert into public.features (id, name) values (100, 'seeded');\n`);
	return { dataDir: join(root, 'data'), migrationsDir, seedFile };
}

describe('persistence across restarts', () => {
	it('keeps users, rows, keys and mail; applies only new migrations; seeds once', async () => {
		const project = await projectCopy('restart');
		const first = await startTestStack(project);
		expect(first.appliedMigrations).toHaveLength((await readdir(FIXTURE_MIGRATIONS)).length);
		const email = uniqueEmail('persist');
		await clientFor(first).auth.signUp({ email, password: PASSWORD });
		await clientFor(first, first.serviceRoleKey).from('features').insert({ id: 200, name: 'kept' });
		await expect(startTestStack(project)).rejects.toThrow(/already using/);
		await first.stop();

		await writeFile(
			join(project.migrationsDir, '20990101000000_later.sql'),
			'create table public.later (id int primary key);\n',
		);
		const second = await startTestStack(project);
		try {
			expect(second.appliedMigrations).toEqual(['20990101000000_later.sql']);
			expect(second.anonKey).toBe(first.anonKey);
			expect(second.jwtSecret).toBe(first.jwtSecret);
			const features = await clientFor(second)
				.from('features')
				.select('id')
				.in('id', [100, 200])
				.order('id');
			expect(features.data).toEqual([{ id: 100 }, { id: 200 }]);
			expect((await clientFor(second).from('later').select()).error).toBeNull();
			// The confirmation mailed before the restart still works after it.
			const link =
				/https?:\/\/\S+verify\S*/.exec((await latestMailTo(second, email)).text)?.[0] ?? '';
			const redirected = await fetch(link.replace(first.url, second.url), { redirect: 'manual' });
			expect(redirected.headers.get('location')).toContain('access_token=');
		} finally {
			await second.stop();
		}
	});

	it('a migration that fails stops the start with its file name, and nothing of it is kept', async () => {
		const project = await projectCopy('broken');
		await writeFile(
			join(project.migrationsDir, '20990101000000_broken.sql'),
			'create table public.half (id int);\nselect * from nowhere;\n',
		);
		await expect(startTestStack(project)).rejects.toThrow(/20990101000000_broken\.sql.*nowhere/);
		await rm(join(project.migrationsDir, '20990101000000_broken.sql'));
		const stack = await startTestStack(project);
		try {
			expect((await clientFor(stack).from('half').select()).error?.code).toBe('PGRST205');
		} finally {
			await stack.stop();
		}
	});

	it('loses no acknowledged write when the process is killed mid-write', async () => {
		const project = await projectCopy('killed');
		await (await startTestStack(project)).stop();
		// The child is not this project's: on PostgreSQL it is told the database the folder maps to.
		const adminUrl = testPostgresUrl();
		const engine = adminUrl ? { databaseUrl: (await databaseFor(adminUrl, project)).url } : {};
		const options = { ...project, ...engine, apiPort: 0, mailPort: 0, quiet: true };
		const script = `
			import { startLocalStack } from ${JSON.stringify(STACK_MODULE)};
			const stack = await startLocalStack(${JSON.stringify(options)});
			console.log(JSON.stringify({ url: stack.url, key: stack.serviceRoleKey }));`;
		const child = spawn(NODE_22, ['--input-type=module', '-e', script], {
			stdio: ['ignore', 'pipe', 'inherit'],
		});
		const line = await new Promise<string>((resolveLine, reject) => {
			createInterface({ input: child.stdout }).once('line', resolveLine);
			child.once('exit', (code) => reject(new Error(`child exited early with ${code}`)));
		});
		const { url, key } = JSON.parse(line) as { url: string; key: string };
		const headers = {
			apikey: key,
			Authorization: `Bearer ${key}`,
			'Content-Type': 'application/json',
		};
		let acknowledged = 0;
		for (let i = 0; i < 40; i += 1) {
			const response = await fetch(`${url}/rest/v1/features`, {
				method: 'POST',
				headers,
				body: JSON.stringify({ id: 1000 + i, name: `row ${i}` }),
			});
			if (response.status === 201) acknowledged += 1;
		}
		// One more write in flight, then SIGKILL: no chance to close the database.
		const inFlight = fetch(`${url}/rest/v1/features`, {
			method: 'POST',
			headers,
			body: JSON.stringify({ id: 2000, name: 'in flight' }),
		}).catch(() => undefined);
		child.kill('SIGKILL');
		await new Promise((resolveExit) => child.once('exit', resolveExit));
		await inFlight;
		expect(acknowledged).toBe(40);
		const reopened = await startTestStack(project);
		try {
			const { count } = await clientFor(reopened)
				.from('features')
				.select('id', { count: 'exact', head: true })
				.gte('id', 1000)
				.lt('id', 2000);
			expect(count).toBe(40);
		} finally {
			await reopened.stop();
		}
		// Three stack starts (one of them a fresh process) in one test: the ordinary budget is one.
	}, 120_000);
});

describe('mailbox', () => {
	let stack: LocalStack;
	beforeAll(async () => {
		stack = await startTestStack();
	});
	afterAll(async () => {
		await stack?.stop();
	});

	it('lists mail newest first in HTML and JSON, shows each with working links, and can be emptied', async () => {
		const first = uniqueEmail('box');
		const second = uniqueEmail('box');
		await clientFor(stack).auth.signUp({ email: first, password: PASSWORD });
		await clientFor(stack).auth.signUp({ email: second, password: PASSWORD });
		const list = await messages(stack);
		expect(list.map((m) => m.to[0])).toEqual([second, first]);
		const html = await (await fetch(stack.mailboxUrl)).text();
		expect(html).toContain('Confirm Your Signup');
		expect(html.indexOf(second)).toBeLessThan(html.indexOf(first));
		const page = await fetch(`${stack.mailboxUrl}/messages/${list[0]?.id}`);
		expect(page.headers.get('content-type')).toContain('text/html');
		const body = await page.text();
		expect(body).toContain('/auth/v1/verify?token=');
		expect(body).toContain('sandbox=');
		const json = await fetch(`${stack.mailboxUrl}/api/messages/${list[0]?.id}`);
		expect(((await json.json()) as { subject: string }).subject).toBe('Confirm Your Signup');
		expect((await fetch(`${stack.mailboxUrl}/api/messages/nope`)).status).toBe(404);
		expect(
			await (await fetch(`${stack.mailboxUrl}/api/messages`, { method: 'DELETE' })).json(),
		).toEqual({ deleted: 2 });
		expect(await messages(stack)).toEqual([]);
	});
});

describe('.env.local', () => {
	it('sets the stack variables and keeps every other line', async () => {
		const file = join(workDir, '.env.local');
		await writeFile(file, '# mine\nPUBLIC_SUPABASE_URL=http://old\nSTRIPE_KEY=sk_test_1\n');
		await updateEnvFile(file, {
			PUBLIC_SUPABASE_URL: 'http://127.0.0.1:54321',
			PUBLIC_SUPABASE_ANON_KEY: 'anon',
		});
		expect(await readFile(file, 'utf8')).toBe(
			'# mine\nPUBLIC_SUPABASE_URL=http://127.0.0.1:54321\nSTRIPE_KEY=sk_test_1\nPUBLIC_SUPABASE_ANON_KEY=anon\n',
		);
	});

	it('leaves the file untouched when nothing changes, so a build watching it stays fresh', async () => {
		const file = join(workDir, '.env.same');
		const values = { PUBLIC_SUPABASE_URL: 'http://127.0.0.1:54321' };
		await updateEnvFile(file, values);
		const old = new Date('2020-01-01T00:00:00Z');
		await utimes(file, old, old);
		await updateEnvFile(file, values);
		expect((await stat(file)).mtime).toEqual(old);
	});
});
