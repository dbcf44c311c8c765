import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import type { OpenedDatabase } from './types.ts';

export type { Database, Engine, OpenedDatabase, Transaction } from './types.ts';

export interface DatabaseChoice {
	/** postgres://… : a PostgreSQL server (15 or newer) instead of PGlite. */
	databaseUrl?: string;
	/** PGlite's folder; undefined keeps PGlite in memory. Unused with databaseUrl. */
	pgliteDir?: string;
	poolSize?: number;
}

/** The one place that picks the engine: PostgreSQL when a URL is given, PGlite otherwise. */
export function openDatabase(choice: DatabaseChoice): Promise<OpenedDatabase> {
	if (choice.databaseUrl) return openPostgres(choice.databaseUrl, { poolSize: choice.poolSize });
	return openPglite(choice.pgliteDir);
}
