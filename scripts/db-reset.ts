/**
 * `npm run db:reset`: wipes the local stack's data; the next `npm start` migrates and seeds afresh.
 * With DATABASE_URL it first empties that PostgreSQL database (docs/operations.md, "Running on
 * PostgreSQL"). The folder of `npm run db:postgres` (supabase/.data/postgres) stays: its server may
 * be running on it.
 */
import { existsSync } from 'node:fs';
import { readdir, rm } from 'node:fs/promises';
import { relative, resolve, sep } from 'node:path';
import { DEFAULT_DIR } from './postgres/db-postgres-command.ts';
import { emptyDatabase } from './postgres/empty-database.ts';
import { redactedUrl } from '@frostnode/local-supabase';

const DATA = resolve('supabase/.data');
const databaseUrl = process.env.DATABASE_URL?.trim();

if (databaseUrl) {
	// Before the folder: a database that cannot be emptied leaves everything as it was.
	try {
		console.log(await emptyDatabase(databaseUrl));
	} catch (error) {
		const reason = error instanceof Error ? error.message : String(error);
		const cause = error instanceof Error && error.cause instanceof Error ? error.cause.message : '';
		console.error(`Could not empty ${redactedUrl(databaseUrl)}: ${reason}${cause && `: ${cause}`}`);
		process.exit(1);
	}
}

const cluster = resolve(process.env.POSTGRES_DIR?.trim() || DEFAULT_DIR);
const within = (path: string) => cluster === path || cluster.startsWith(path + sep);
if (cluster.startsWith(DATA + sep) && existsSync(cluster)) {
	for (const entry of await readdir(DATA)) {
		const path = resolve(DATA, entry);
		if (!within(path)) await rm(path, { recursive: true, force: true });
	}
	const kept = relative('.', cluster);
	console.log(`Local data wiped (supabase/.data), but for the PostgreSQL server's folder ${kept}.`);
	if (!databaseUrl)
		console.log(
			'Its database is as it was: to empty it too, run this with the DATABASE_URL `npm run db:postgres` prints.',
		);
} else {
	await rm(DATA, { recursive: true, force: true });
	console.log(
		databaseUrl
			? 'Local keys and mailbox wiped (supabase/.data). `npm start` prepares the database again with the demo data.'
			: 'Local database wiped (supabase/.data). `npm start` creates it again with the demo data.',
	);
}
