import { spawnSync } from 'node:child_process';
import { chmodSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runningPort, startCluster } from '../../../scripts/postgres/cluster.ts';
import { freePorts } from '../../../scripts/two-servers/ports.ts';

// `npm run db:postgres` as an operator runs it, on a folder and port of the test's own
// (POSTGRES_DIR, POSTGRES_PORT), so a cluster the checkout may already run stays untouched.

let dir: string;
let port: number;

function dbPostgres(...args: string[]) {
	const run = spawnSync(process.execPath, [resolve('scripts/db-postgres.ts'), ...args], {
		encoding: 'utf8',
		env: { PATH: process.env.PATH ?? '', POSTGRES_DIR: dir, POSTGRES_PORT: String(port) },
	});
	return { code: run.status, out: run.stdout + run.stderr };
}

const urlIn = (out: string) => /^DATABASE_URL=(\S+)$/m.exec(out)?.[1];

async function databaseAt(url: string): Promise<string> {
	const client = new pg.Client({ connectionString: url });
	await client.connect();
	try {
		const { rows } = await client.query<Record<string, unknown>>('select current_database() as db');
		return String(rows[0]?.db);
	} finally {
		await client.end();
	}
}

beforeAll(async () => {
	// When we are root the cluster runs as the `postgres` system user, who must reach the folder.
	const parent = mkdtempSync(join(tmpdir(), 'frostnode-db-postgres-'));
	chmodSync(parent, 0o755);
	dir = join(parent, 'postgres');
	[port = 0] = await freePorts(1);
});

afterAll(() => {
	const running = runningPort(dir);
	if (running !== undefined) startCluster({ dir, port: running }).stop();
	rmSync(join(dir, '..'), { recursive: true, force: true });
});

describe('npm run db:postgres', () => {
	it('starts a cluster with the database frostnode and prints a DATABASE_URL that connects', async () => {
		const first = dbPostgres();
		expect(first.out).toMatch(/^PostgreSQL 1\d\.\d+ .*started on /m);
		expect(first.out).toContain('Database frostnode created.');
		expect(first.code).toBe(0);
		const url = urlIn(first.out);
		expect(url).toBe(`postgres://postgres@127.0.0.1:${port}/frostnode`);
		expect(await databaseAt(url ?? '')).toBe('frostnode');
		expect(first.out).toContain(`DATABASE_URL=${url} npm start`);
	});

	it('finds it running the second time and prints the same URL', () => {
		const second = dbPostgres();
		expect(second.out).toMatch(/already running on 127\.0\.0\.1:\d+/);
		expect(second.out).toContain('Database frostnode already there.');
		expect(urlIn(second.out)).toBe(`postgres://postgres@127.0.0.1:${port}/frostnode`);
		expect(runningPort(dir)).toBe(port);
	});

	it('stops it with --stop, and says so when there is nothing to stop', async () => {
		const stop = dbPostgres('--stop');
		expect(stop.out).toContain(`Stopped the PostgreSQL server on port ${port}`);
		expect(stop.code).toBe(0);
		expect(runningPort(dir)).toBeUndefined();
		await expect(databaseAt(`postgres://postgres@127.0.0.1:${port}/frostnode`)).rejects.toThrow();
		expect(dbPostgres('--stop').out).toContain('No PostgreSQL server is running');
	});
});
