/**
 * `npm run db:postgres`: a PostgreSQL server of this checkout's own for the local stack
 * (supabase/.data/postgres, port 54322 or the next free one), started or found running, with the
 * database `frostnode`; prints its DATABASE_URL for `npm start`. `-- --stop` stops it.
 * POSTGRES_DIR and POSTGRES_PORT name another folder and port. docs/operations.md, "Running on
 * PostgreSQL".
 */
import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { ensureDatabase, portIsFree } from './postgres/app-database.ts';
import { runningPort, startCluster } from './postgres/cluster.ts';
import {
	DATABASE,
	DEFAULT_PORT,
	USAGE,
	choosePort,
	readCommand,
	readyMessage,
	type DbPostgresCommand,
} from './postgres/db-postgres-command.ts';

function refuse(message: string, code = 1): never {
	console.error(message);
	process.exit(code);
}

let command: DbPostgresCommand;
try {
	command = readCommand(process.argv.slice(2), process.env);
} catch (error) {
	refuse(`${error instanceof Error ? error.message : String(error)}\n${USAGE}`, 2);
}
const { dir } = command;
const running = runningPort(dir);

if (command.stop) {
	if (running === undefined) {
		console.log(`No PostgreSQL server is running in ${dir}.`);
	} else {
		// startCluster finds the running server (it starts nothing then) and hands back its stop().
		startCluster({ dir, port: running }).stop();
		console.log(`Stopped the PostgreSQL server on port ${running} (data kept in ${dir}).`);
	}
	process.exit(0);
}

let port = running;
if (port === undefined && command.port !== undefined) {
	if (!(await portIsFree(command.port)))
		refuse(`Port ${command.port} (POSTGRES_PORT) is taken by another program.`);
	port = command.port;
}
port ??= await choosePort(DEFAULT_PORT, portIsFree).catch((error: Error) => refuse(error.message));
if (running !== undefined && command.port !== undefined && command.port !== running)
	console.log(`Already running on port ${running}: POSTGRES_PORT applies from its next start.`);

// The folder above the cluster's stays the checkout's (readable by all): when we are root the
// cluster's own folder goes to the `postgres` system user, who must still reach it.
mkdirSync(dirname(resolve(dir)), { recursive: true });
let cluster;
try {
	cluster = startCluster({ dir, port });
} catch (error) {
	refuse(
		`Could not start PostgreSQL in ${dir}: ${error instanceof Error ? error.message : String(error)}`,
	);
}
const { created, version } = await ensureDatabase(cluster.url(), DATABASE);
console.log(
	readyMessage({ dir, port: cluster.port, started: running === undefined, created, version }),
);
