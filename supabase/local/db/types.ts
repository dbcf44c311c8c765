// What the Auth and REST code asks of the database, whichever engine holds it: PGlite in-process
// (the zero-set-up default) or PostgreSQL through a connection pool (DATABASE_URL).

export interface QueryResult<T> {
	rows: T[];
}

/** One open transaction, as the engine's own client sees it; both engines' rows parse alike. */
export interface Transaction {
	query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
	/** Several statements in one string, without parameters (migrations, `set local …`). */
	exec(sql: string): Promise<unknown>;
}

export type Engine = 'pglite' | 'postgres';

export interface Database {
	readonly engine: Engine;
	/**
	 * Runs `work` in one transaction. On PGlite it waits behind every other unit of work (one
	 * connection); on PostgreSQL it runs on a pooled connection, beside the others.
	 */
	transaction<T>(work: (tx: Transaction) => Promise<T>): Promise<T>;
	/**
	 * Runs `work` while holding the database's one migration lock, so two stacks (two site servers'
	 * processes) starting on one PostgreSQL database migrate it once, one after the other.
	 */
	migrating<T>(work: () => Promise<T>): Promise<T>;
	close(): Promise<void>;
}

export interface OpenedDatabase {
	db: Database;
	/** True when the seed file should run: the database was created by this start, or never seeded. */
	created: boolean;
}
