import { readFileSync } from 'node:fs';
import type { PGlite } from '@electric-sql/pglite';

// The SQL lives in its own file so it reads as what it is: the hosted project's starting point.
export const BOOTSTRAP_SQL = readFileSync(new URL('./bootstrap.sql', import.meta.url), 'utf8');

export async function isBootstrapped(pg: PGlite): Promise<boolean> {
	const { rows } = await pg.query<{ ok: boolean }>(
		`select exists (select 1 from pg_namespace where nspname = 'supabase_migrations') as ok`,
	);
	return rows[0]?.ok === true;
}

export async function bootstrapDatabase(pg: PGlite): Promise<void> {
	await pg.transaction(async (tx) => {
		await tx.exec(BOOTSTRAP_SQL);
	});
}
