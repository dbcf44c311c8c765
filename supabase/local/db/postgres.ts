import pg from 'pg';
import { bootstrapDatabase, isBootstrapped, upgradeAuthSchema } from './bootstrap.ts';
import { pgliteCompatibleTypes } from './pg-parsers.ts';
import { checkPrivileges, describeConnectionError } from './postgres-preflight.ts';
import type { Database, OpenedDatabase, Transaction } from './types.ts';

// The local stack on a real PostgreSQL server (DATABASE_URL): a pool of connections, one transaction
// per unit of work on a connection of its own, so two requests really run at the same moment, as
// PostgREST and GoTrue run them against a hosted project.

/** Any one number shared by every stack: the session lock held while a stack migrates. */
const MIGRATION_LOCK = 5_432_1;

export interface PostgresOptions {
	/** Connections the pool may open (PostgREST's db-pool default is 10). */
	poolSize?: number;
}

function transactionOn(client: pg.PoolClient): Transaction {
	return {
		async query<T>(sql: string, params?: unknown[]) {
			const result = await client.query({ text: sql, values: params });
			return { rows: result.rows as T[] };
		},
		exec: (sql) => client.query(sql),
	};
}

async function inTransaction<T>(pool: pg.Pool, work: (tx: Transaction) => Promise<T>): Promise<T> {
	const client = await pool.connect();
	let broken: Error | undefined;
	try {
		await client.query('begin');
		try {
			const result = await work(transactionOn(client));
			await client.query('commit');
			return result;
		} catch (error) {
			await client.query('rollback').catch((rollbackError: Error) => (broken = rollbackError));
			throw error;
		}
	} finally {
		// A connection that could not even roll back is dropped rather than handed to the next request.
		client.release(broken);
	}
}

async function holdingMigrationLock<T>(pool: pg.Pool, work: () => Promise<T>): Promise<T> {
	const client = await pool.connect();
	try {
		await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
		try {
			return await work();
		} finally {
			await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]);
		}
	} finally {
		client.release();
	}
}

export async function openPostgres(
	url: string,
	options: PostgresOptions = {},
): Promise<OpenedDatabase> {
	const pool = new pg.Pool({
		connectionString: url,
		max: options.poolSize ?? 10,
		types: pgliteCompatibleTypes,
		application_name: 'frostnode-local-stack',
	});
	// An idle connection the server drops (a restart, a kill) must not crash the process.
	pool.on('error', () => {});
	let closed = false;
	const db: Database = {
		engine: 'postgres',
		transaction: (work) => inTransaction(pool, work),
		migrating: (work) => holdingMigrationLock(pool, work),
		async close() {
			if (closed) return;
			closed = true;
			await pool.end();
		},
	};
	try {
		await pool.query('select 1').catch((error: unknown) => {
			throw new Error(describeConnectionError(url, error), { cause: error });
		});
		const created = await holdingMigrationLock(pool, async () => {
			const connection = {
				query: async <T>(sql: string) => ({ rows: (await pool.query(sql)).rows as T[] }),
				transaction: <T>(work: (tx: Transaction) => Promise<T>) => db.transaction(work),
			};
			if (await isBootstrapped(connection)) {
				await upgradeAuthSchema(connection);
			} else {
				await checkPrivileges(pool);
				await bootstrapDatabase(connection);
			}
			const { rows } = await pool.query<{ seeded: boolean }>(
				'select exists (select 1 from supabase_migrations.seed_files) as seeded',
			);
			return rows[0]?.seeded !== true;
		});
		return { db, created };
	} catch (error) {
		await db.close();
		throw error;
	}
}
