import pg from 'pg';
import { expect } from 'vitest';

// Proof that transactions overlap: one session of the test's own holds a lock in an open
// transaction, the product's requests are sent, and the server itself is asked which of its
// backends wait on that session (pg_blocking_pids). Only then is the lock let go.

export interface Holder {
	/** The rows the holding statement returned. */
	rows: Record<string, unknown>[];
	/** How many backends of this database wait for a lock right now (on the holder, or in its queue). */
	waiting(): Promise<number>;
	/** Polls until `count` backends wait on the holder (fails the test after 15 s). */
	untilWaiting(count: number): Promise<void>;
	commit(): Promise<void>;
	rollback(): Promise<void>;
}

export async function holdLock(url: string, sql: string, params: unknown[] = []): Promise<Holder> {
	const client = new pg.Client({ connectionString: url });
	// A test that fails while holding leaves these open; the database's drop ends them.
	client.on('error', () => {});
	await client.connect();
	await client.query('begin');
	const { rows } = await client.query(sql, params);
	const pid = (await client.query<{ pid: number }>('select pg_backend_pid() as pid')).rows[0]!.pid;
	const observer = new pg.Client({ connectionString: url });
	observer.on('error', () => {});
	await observer.connect();
	const waiting = async () => {
		const { rows: found } = await observer.query<{ n: number }>(
			// Waiters queue behind one another (the second waits for the first's tuple lock), so
			// every backend of this test's own database that waits for a lock counts.
			`select count(*)::int as n from pg_stat_activity
			 where datname = current_database() and wait_event_type = 'Lock' and pid <> $1`,
			[pid],
		);
		return found[0]?.n ?? 0;
	};
	const end = async (verb: 'commit' | 'rollback') => {
		await client.query(verb);
		await client.end();
		await observer.end();
	};
	return {
		rows,
		waiting,
		async untilWaiting(count) {
			const deadline = Date.now() + 15_000;
			let seen = await waiting();
			while (seen < count && Date.now() < deadline) {
				await new Promise((resolve) => setTimeout(resolve, 20));
				seen = await waiting();
			}
			expect(seen, `backends waiting on the held lock`).toBeGreaterThanOrEqual(count);
		},
		commit: () => end('commit'),
		rollback: () => end('rollback'),
	};
}
