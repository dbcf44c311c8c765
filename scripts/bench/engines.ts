import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type pg from 'pg';
import { z } from 'zod';
import { withClient } from '../postgres/client.ts';
import { startCluster } from '../postgres/cluster.ts';
import { freePort } from '../two-servers/ports.ts';

// Which database engine a bench's local stack runs on: PGlite in the stack's own process (one
// connection, every query in turn), or a PostgreSQL server the stack reaches through its pool.
// Each bench asks for its database once per stack, so a PostgreSQL stack always starts on an empty
// database of its own and migrates and seeds it, as a PGlite stack does in memory.

export interface BenchEngine {
	name: 'PGlite' | 'PostgreSQL';
	/** The URL of a fresh, empty database for one stack; undefined means PGlite. */
	database(purpose: string): Promise<string | undefined>;
}

export const pglite: BenchEngine = { name: 'PGlite', database: () => Promise.resolve(undefined) };

export interface BenchPostgres extends BenchEngine {
	/** The server's version and settings, for the report. */
	about: string;
	stop(): void;
}

// Room for several stacks' pools (10 connections each by default) and the bench's own clients.
// Durability stays as a production server has it (fsync and synchronous commit on): the targets
// are about such a server, and a commit's flush is part of what a checkout costs there.
const SETTINGS = { max_connections: 200, shared_buffers: '256MB' };

/**
 * A throwaway PostgreSQL cluster for one bench run, in a temporary folder on a free port: every
 * stack gets a database of its own on it. `stop()` shuts the server down and removes the folder.
 */
export async function startBenchPostgres(): Promise<BenchPostgres> {
	const port = await freePort();
	const dir = mkdtempSync(join(tmpdir(), 'frostnode-bench-pg-'));
	const started = (() => {
		try {
			return startCluster({ dir, port, settings: SETTINGS });
		} catch (error) {
			rmSync(dir, { recursive: true, force: true });
			throw error;
		}
	})();
	const remove = () => {
		try {
			started.stop();
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	};
	// pg_ctl detaches the server: a bench stopped with Ctrl-C must not leave it running in /tmp.
	const interrupted = () => {
		remove();
		process.exit(130);
	};
	const signals = ['SIGINT', 'SIGTERM'] as const;
	for (const signal of signals) process.once(signal, interrupted);
	const stop = () => {
		for (const signal of signals) process.off(signal, interrupted);
		remove();
	};
	const asAdmin = <T>(work: (client: pg.Client) => Promise<T>) => withClient(started.url(), work);
	const version = await asAdmin(async (client) => {
		const { rows } = await client.query('show server_version');
		return z.object({ server_version: z.string() }).parse(rows[0]).server_version;
	}).catch((error: unknown) => {
		stop();
		throw error;
	});
	const settings = Object.entries(SETTINGS).map(([name, value]) => `${name}=${value}`);
	let databases = 0;
	return {
		name: 'PostgreSQL',
		about: `PostgreSQL ${version}, ${settings.join(', ')}`,
		async database(purpose) {
			databases += 1;
			const name = `bench_${purpose.replace(/[^a-z0-9]+/gi, '_').toLowerCase()}_${databases}`;
			await asAdmin((client) => client.query(`create database ${name}`));
			return started.url(name);
		},
		stop,
	};
}
