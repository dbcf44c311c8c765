import { readFileSync } from 'node:fs';
import type { Transaction } from './types.ts';

// The SQL lives in its own files so it reads as what it is: the hosted project's starting point.
// What GoTrue gained later (the multi-factor tables, the OAuth context of flow states) is in files
// of its own, also run on a data folder that was bootstrapped before they existed.
const read = (name: string) => readFileSync(new URL(name, import.meta.url), 'utf8');
const AUTH_MFA_SQL = read('./auth-mfa.sql');
const AUTH_FLOW_STATE_SQL = read('./auth-flow-state.sql');
export const ROLES_SQL = read('./roles.sql');
export const BOOTSTRAP_SQL = `${ROLES_SQL}\n${read('./bootstrap.sql')}\n${AUTH_MFA_SQL}\n${AUTH_FLOW_STATE_SQL}`;

/** What bootstrapping needs of a connection: PGlite's own, or one pooled PostgreSQL client. */
interface Connection {
	query<T>(sql: string): Promise<{ rows: T[] }>;
	transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
}

export async function isBootstrapped(pg: Connection): Promise<boolean> {
	const { rows } = await pg.query<{ ok: boolean }>(
		`select exists (select 1 from pg_namespace where nspname = 'supabase_migrations') as ok`,
	);
	return rows[0]?.ok === true;
}

export async function bootstrapDatabase(pg: Connection): Promise<void> {
	await pg.transaction(async (tx) => {
		await tx.exec(BOOTSTRAP_SQL);
	});
}

/** Brings an older bootstrapped data folder up to the current auth schema. */
export async function upgradeAuthSchema(pg: Connection): Promise<void> {
	const { rows } = await pg.query<{ present: boolean }>(
		`select to_regclass('auth.mfa_factors') is not null as present`,
	);
	await pg.transaction(async (tx) => {
		if (rows[0]?.present !== true) await tx.exec(AUTH_MFA_SQL);
		await tx.exec(AUTH_FLOW_STATE_SQL);
	});
}
