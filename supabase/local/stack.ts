import { resolve, join } from 'node:path';
import { BcryptPool } from './auth/bcrypt-pool.ts';
import type { AuthContext } from './auth/context.ts';
import { LoginLimiter } from './auth/rate-limit.ts';
import { StandInProofs } from './auth/google-stand-in-proofs.ts';
import { authSettingsFrom } from './auth/settings.ts';
import { createAuthHandler } from './auth/router.ts';
import { mailSenderFrom } from './auth/mail-sender.ts';
import { DEFAULTS } from './config.ts';
import type { LocalStackOptions } from './config.ts';
import { openDatabase } from './db/database.ts';
import type { Engine, Transaction } from './db/database.ts';
import { acquireDataDirLock } from './db/data-dir-lock.ts';
import { applyMigrations, runSeed } from './db/migrations.ts';
import { closeServer, startApiServer } from './http/server.ts';
import { json } from './http/types.ts';
import { loadProjectKeys } from './keys/project-keys.ts';
import { startMailboxServer } from './mailbox/server.ts';
import { startSmtpReceiver } from './mailbox/smtp.ts';
import { Mailbox } from './mailbox/store.ts';
import { createRestContext } from './rest/context.ts';
import { RestError, renderRestError } from './rest/errors.ts';
import { createRestHandler } from './rest/router.ts';

export type { LocalStackOptions } from './config.ts';

/** What `sql()` hands its work: queries run as the database owner inside one transaction. */
export type SqlSession = Pick<Transaction, 'query' | 'exec'>;

export interface LocalStack {
	/** API base URL, e.g. http://127.0.0.1:54321 — give it to createClient. */
	url: string;
	anonKey: string;
	serviceRoleKey: string;
	/** Opaque keys (sb_publishable_…, sb_secret_…) accepted as the hosted gateway accepts them. */
	publishableKey: string;
	secretKey: string;
	jwtSecret: string;
	mailboxUrl: string;
	/** Where the mailbox receives SMTP (no auth, no TLS), e.g. smtp://127.0.0.1:54325 — the site's SMTP_URL. */
	smtpUrl: string;
	smtpPort: number;
	/**
	 * The sender of Auth's mail, from the config file as `supabase start` takes it ("Name <address>"):
	 * the project's own, which the site's mail locally goes out under too (its MAIL_FROM).
	 */
	mailFrom: string;
	/** Migration files applied by this start. */
	appliedMigrations: string[];
	/** Whether this start created the database and ran the seed file on it. */
	seeded: boolean;
	/** Which engine holds the data: PGlite in this process, or PostgreSQL at `databaseUrl`. */
	engine: Engine;
	/**
	 * The database as its owner, in one transaction queued with the API's requests: for schema tools,
	 * as `supabase gen types` reads the official stack's Postgres on port 54322.
	 */
	sql<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
	stop(): Promise<void>;
}

/**
 * Starts the local Supabase stack: PGlite (or the PostgreSQL server at `databaseUrl`) with the auth schema, the project's migrations (and the
 * seed on a new database), then Auth and REST on one port and the mailbox on another (HTTP) and a
 * third (SMTP).
 */
export async function startLocalStack(options: LocalStackOptions = {}): Promise<LocalStack> {
	const dataDir = options.dataDir === undefined ? undefined : resolve(options.dataDir);
	const host = options.host ?? DEFAULTS.host;
	const log = options.quiet ? () => {} : (line: string) => console.log(`[local-stack] ${line}`);
	const releaseLock = dataDir ? await acquireDataDirLock(dataDir) : async () => {};
	const keys = await loadProjectKeys(dataDir).catch(async (error: unknown) => {
		await releaseLock();
		throw error;
	});
	const { db, created } = await openDatabase({
		databaseUrl: options.databaseUrl,
		pgliteDir: dataDir ? join(dataDir, 'pgdata') : undefined,
		poolSize: options.poolSize,
	}).catch(async (error: unknown) => {
		await releaseLock();
		throw error;
	});
	const cleanups: (() => Promise<void>)[] = [() => db.close(), releaseLock];
	const cleanUp = async () => {
		for (const cleanup of cleanups.splice(0)) await cleanup();
	};
	try {
		log(`database: ${db.engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : 'PGlite'}`);
		// Two stacks starting on one PostgreSQL database take turns: the second finds it migrated.
		const { appliedMigrations, seeded } = await db.migrating(async () => {
			const applied = await applyMigrations(
				db,
				resolve(options.migrationsDir ?? DEFAULTS.migrationsDir),
			);
			const seed = resolve(options.seedFile ?? DEFAULTS.seedFile);
			return { appliedMigrations: applied, seeded: created && (await runSeed(db, seed)) };
		});
		for (const file of appliedMigrations) log(`applied migration ${file}`);
		if (seeded) log('applied seed file');

		const bcrypt = new BcryptPool();
		cleanups.unshift(() => bcrypt.close());
		const mailFrom = mailSenderFrom(options.configFile);
		const mailbox = new Mailbox(dataDir ? join(dataDir, 'mailbox.json') : undefined, mailFrom);
		let apiUrl = '';
		const authContext: AuthContext = {
			db,
			keys,
			mailbox,
			limiter: new LoginLimiter({ ...DEFAULTS.rateLimits, ...options.rateLimits }),
			standIn: new StandInProofs(),
			bcrypt,
			apiUrl: () => apiUrl,
			settings: authSettingsFrom(options),
		};
		const restContext = await createRestContext(db, keys);
		const api = await startApiServer({
			host,
			port: options.apiPort ?? DEFAULTS.apiPort,
			maxBodyBytes: options.maxBodyBytes ?? DEFAULTS.maxBodyBytes,
			log,
			mounts: [
				{
					service: 'auth',
					prefix: '/auth/v1',
					handler: createAuthHandler(authContext),
					tooLarge: (limit) =>
						json(413, {
							code: 413,
							error_code: 'request_too_large',
							msg: `Request body larger than ${limit} bytes`,
						}),
					crashed: () =>
						json(500, {
							code: 500,
							error_code: 'unexpected_failure',
							msg: 'Unexpected failure, please check server logs for more information',
						}),
				},
				{
					service: 'rest',
					prefix: '/rest/v1',
					handler: createRestHandler(restContext),
					tooLarge: (limit) =>
						renderRestError(
							new RestError(
								413,
								'PGRST413',
								'Payload Too Large',
								`The request body is larger than ${limit} bytes`,
							),
						),
					crashed: () => renderRestError(new RestError(500, 'PGRSTX00', 'Internal server error')),
				},
			],
		});
		cleanups.unshift(() => closeServer(api.server));
		apiUrl = `http://${host}:${api.port}`;
		const mail = await startMailboxServer(mailbox, host, options.mailPort ?? DEFAULTS.mailPort);
		cleanups.unshift(() => closeServer(mail.server));
		const smtpPort = options.smtpPort ?? (options.mailPort === 0 ? 0 : DEFAULTS.smtpPort);
		const smtp = await startSmtpReceiver(mailbox, host, smtpPort, log);
		cleanups.unshift(() => smtp.close());
		return {
			url: apiUrl,
			anonKey: keys.anonKey,
			serviceRoleKey: keys.serviceRoleKey,
			publishableKey: keys.publishableKey,
			secretKey: keys.secretKey,
			jwtSecret: keys.jwtSecret,
			mailboxUrl: `http://${host}:${mail.port}`,
			smtpUrl: `smtp://${host}:${smtp.port}`,
			smtpPort: smtp.port,
			mailFrom,
			appliedMigrations,
			seeded,
			engine: db.engine,
			sql: (work) => db.transaction(work),
			stop: cleanUp,
		};
	} catch (error) {
		await cleanUp();
		throw error;
	}
}
