import { createServer } from 'node:net';
import { withClient } from './client.ts';

// The cluster-side steps of `npm run db:postgres`: is a port free for it, and does the cluster
// hold the stack's database.

/** Whether nothing listens on 127.0.0.1:port, where the cluster would listen. */
export function portIsFree(port: number): Promise<boolean> {
	return new Promise((done) => {
		const probe = createServer();
		probe.once('error', () => done(false));
		probe.listen(port, '127.0.0.1', () => probe.close(() => done(true)));
	});
}

/** Creates `database` when the cluster lacks it; says whether it did, and the server's version. */
export async function ensureDatabase(
	adminUrl: string,
	database: string,
): Promise<{ created: boolean; version: string }> {
	return withClient(adminUrl, async (client) => {
		const found = await client.query('select 1 from pg_database where datname = $1', [database]);
		const created = found.rowCount === 0;
		if (created) await client.query(`create database ${client.escapeIdentifier(database)}`);
		const { rows } = await client.query<Record<string, unknown>>(
			`select current_setting('server_version') as version`,
		);
		const version = rows[0]?.version;
		return { created, version: typeof version === 'string' ? version : 'unknown' };
	});
}
