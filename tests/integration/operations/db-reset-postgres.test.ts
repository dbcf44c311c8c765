import { spawnSync } from 'node:child_process';
import {
	chmodSync,
	existsSync,
	mkdirSync,
	mkdtempSync,
	readFileSync,
	rmSync,
	writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { startLocalStack } from '@frostnode/local-supabase';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../../../scripts/postgres/cluster.ts';
import { freePorts } from '../../../scripts/two-servers/ports.ts';

// `DATABASE_URL=… npm run db:reset` on a cluster of the test's own: the local stack fills the
// database (migrations, demo seed), the reset empties it, and the next start seeds it again. Once
// as the cluster's superuser (the database is dropped and created again), once as a user that owns
// its database but may not create databases, as on a managed server (the stack's schemas go).

let parent: string;
let cluster: Cluster;
let checkout: string;

async function asSuperuser(database: string, ...statements: string[]): Promise<void> {
	const client = new pg.Client({ connectionString: cluster.url(database) });
	await client.connect();
	try {
		for (const statement of statements) await client.query(statement);
	} finally {
		await client.end();
	}
}

async function namesIn(database: string, sql: string): Promise<unknown[]> {
	const client = new pg.Client({ connectionString: cluster.url(database) });
	await client.connect();
	try {
		return (await client.query<Record<string, unknown>>(sql)).rows.map((row) => row.name);
	} finally {
		await client.end();
	}
}

/** Starts the local stack on the database as `npm start` would; whether it seeded, and the demo users. */
async function start(databaseUrl: string): Promise<{ seeded: boolean; users: number }> {
	const stack = await startLocalStack({ databaseUrl, apiPort: 0, mailPort: 0, quiet: true });
	try {
		const users = await stack.sql((session) =>
			session.query<Record<string, unknown>>('select count(*)::int as n from auth.users'),
		);
		return { seeded: stack.seeded, users: Number(users.rows[0]?.n) };
	} finally {
		await stack.stop();
	}
}

/** `npm run db:reset` in a checkout whose supabase/.data holds a stack's keys. */
function dbReset(databaseUrl?: string) {
	mkdirSync(join(checkout, 'supabase', '.data'), { recursive: true });
	writeFileSync(join(checkout, 'supabase', '.data', 'jwt-secret'), 'old');
	const run = spawnSync(process.execPath, [resolve('scripts/db-reset.ts')], {
		cwd: checkout,
		encoding: 'utf8',
		env: { PATH: process.env.PATH ?? '', ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) },
	});
	return { code: run.status, out: run.stdout + run.stderr };
}

beforeAll(async () => {
	parent = mkdtempSync(join(tmpdir(), 'frostnode-db-reset-'));
	// When we are root the cluster runs as the `postgres` system user, who must reach its folder.
	chmodSync(parent, 0o755);
	checkout = join(parent, 'checkout');
	cluster = startCluster({ dir: join(parent, 'postgres'), port: (await freePorts(1))[0] ?? 0 });
}, 60_000);

afterAll(() => {
	cluster.stop();
	rmSync(parent, { recursive: true, force: true });
});

describe('npm run db:reset with DATABASE_URL', () => {
	it('drops and creates the database again when its user may, and the next start seeds it', async () => {
		await asSuperuser('postgres', 'create database frostnode');
		const url = cluster.url('frostnode');
		const filled = await start(url);
		expect(filled.seeded).toBe(true);
		expect(filled.users).toBeGreaterThan(0);
		expect((await start(url)).seeded).toBe(false);

		const reset = dbReset(url);
		expect(reset.out).toContain(
			'Dropped the database frostnode and created it again (owner postgres).',
		);
		expect(reset.code).toBe(0);
		expect(existsSync(join(checkout, 'supabase', '.data'))).toBe(false);
		expect(await start(url)).toEqual(filled);
	}, 120_000);

	it('drops the stack’s schemas and empties public for a user who may not create databases', async () => {
		// The roles made once by a superuser, as docs/operations.md tells an operator of a managed server.
		const roles = readFileSync('supabase/local/db/roles.sql', 'utf8');
		await asSuperuser(
			'postgres',
			roles,
			'create role shop login nocreatedb',
			'create database shop owner shop',
			'grant supabase_admin, supabase_auth_admin to shop',
			'grant anon, authenticated, service_role to shop with admin option',
		);
		const url = cluster.url('shop').replace('postgres@', 'shop@');
		const filled = await start(url);
		expect(filled.seeded).toBe(true);

		// What another role made in the database is not the stack's: it stays.
		await asSuperuser('shop', 'create schema reporting', 'create table public.audit_copy (id int)');

		const reset = dbReset(url);
		expect(reset.out).toMatch(
			/In shop: dropped the schemas auth, extensions, private, supabase_migrations; emptied public \(\d+ functions, \d+ tables/,
		);
		expect(reset.out).toContain(
			'(Not dropped as a whole: shop may not create databases (CREATEDB).)',
		);
		expect(reset.code).toBe(0);
		expect(
			await namesIn(
				'shop',
				`select nspname as name from pg_namespace where nspname in ('reporting', 'auth')`,
			),
		).toEqual(['reporting']);
		expect(
			await namesIn(
				'shop',
				`select relname as name from pg_class where relnamespace = 'public'::regnamespace`,
			),
		).toEqual(['audit_copy']);
		expect(await start(url)).toEqual(filled);
	}, 120_000);
});

describe('npm run db:reset without DATABASE_URL', () => {
	it('wipes supabase/.data, but for the folder of npm run db:postgres when there is one', () => {
		const data = join(checkout, 'supabase', '.data');
		const plain = dbReset();
		expect(plain.out).toContain('Local database wiped (supabase/.data).');
		expect(existsSync(data)).toBe(false);

		mkdirSync(join(data, 'postgres', 'data'), { recursive: true });
		writeFileSync(join(data, 'postgres', 'data', 'PG_VERSION'), '15\n');
		const beside = dbReset();
		expect(beside.out).toContain("but for the PostgreSQL server's folder supabase/.data/postgres");
		expect(beside.out).toContain('Its database is as it was');
		expect(existsSync(join(data, 'jwt-secret'))).toBe(false);
		expect(readFileSync(join(data, 'postgres', 'data', 'PG_VERSION'), 'utf8')).toBe('15\n');
	});
});
