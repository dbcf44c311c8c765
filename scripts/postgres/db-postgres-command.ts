import { parseArgs } from 'node:util';

// What `npm run db:postgres` is asked to do, read from its arguments and environment before
// anything starts, so a typo is refused without touching the cluster.

export const DEFAULT_DIR = 'supabase/.data/postgres';
export const DEFAULT_PORT = 54322;
export const DATABASE = 'frostnode';
/**
 * The local stack's own default ports (API, mailbox, SMTP; supabase/config.toml), never handed to
 * the cluster when 54322 is taken: `npm start` needs them next. A unit test keeps them equal to the
 * stack's defaults.
 */
export const STACK_PORTS = [54321, 54324, 54325];

export const USAGE = [
	'Usage: npm run db:postgres            start (or find running) the PostgreSQL server of this checkout',
	'       npm run db:postgres -- --stop  stop it',
	`Environment: POSTGRES_DIR (default ${DEFAULT_DIR}), POSTGRES_PORT (default ${DEFAULT_PORT} or the next free port)`,
].join('\n');

export interface DbPostgresCommand {
	stop: boolean;
	/** The cluster's folder (data, socket, server.log). */
	dir: string;
	/** POSTGRES_PORT: this port or none, instead of the first free one from 54322. */
	port?: number;
}

export function parsePort(text: string): number {
	const port = Number(text);
	if (!/^\d+$/.test(text) || port < 1 || port > 65535)
		throw new Error(`POSTGRES_PORT must be a port number (1-65535), not "${text}".`);
	return port;
}

/** Throws with a message for the operator when the arguments or POSTGRES_PORT make no sense. */
export function readCommand(argv: string[], env: NodeJS.ProcessEnv): DbPostgresCommand {
	const { values } = parseArgs({ args: argv, options: { stop: { type: 'boolean' } } });
	const port = env.POSTGRES_PORT?.trim();
	return {
		stop: values.stop === true,
		dir: env.POSTGRES_DIR?.trim() || DEFAULT_DIR,
		...(port ? { port: parsePort(port) } : {}),
	};
}

/** The stack's DATABASE_URL on the cluster: local trust authentication, so no password. */
export function databaseUrl(port: number, database = DATABASE): string {
	return `postgres://postgres@127.0.0.1:${port}/${database}`;
}

/** The first port from `start` up that is free and not one the local stack will want. */
export async function choosePort(
	start: number,
	isFree: (port: number) => Promise<boolean>,
	tries = 20,
): Promise<number> {
	for (let port = start; port < start + tries; port++) {
		if (STACK_PORTS.includes(port)) continue;
		if (await isFree(port)) return port;
	}
	throw new Error(`No free port from ${start} to ${start + tries - 1}: name one in POSTGRES_PORT.`);
}

export interface Ready {
	dir: string;
	port: number;
	/** Whether this run started the server (false: it was running already). */
	started: boolean;
	/** Whether this run created the database. */
	created: boolean;
	/** The server's version, as it reports it. */
	version: string;
}

/** What the operator reads: where the server is, the URL line, how to use it and to stop it. */
export function readyMessage(ready: Ready): string {
	const url = databaseUrl(ready.port);
	return [
		`PostgreSQL ${ready.version} ${ready.started ? 'started' : 'already running'} on 127.0.0.1:${ready.port} (data in ${ready.dir}, log in ${ready.dir}/server.log)`,
		`Database ${DATABASE} ${ready.created ? 'created' : 'already there'}.`,
		'',
		`DATABASE_URL=${url}`,
		'',
		`Run the local stack on it:  DATABASE_URL=${url} npm start`,
		`Empty it again:             DATABASE_URL=${url} npm run db:reset`,
		'Stop the server:            npm run db:postgres -- --stop',
	].join('\n');
}
