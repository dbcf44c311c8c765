import { createHash, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { withClient as onAdmin } from '../../../scripts/postgres/client.ts';

// Which database a test's stack gets on the shared test cluster (global-setup.ts).

export const ADMIN_URL_ENV = 'FROSTNODE_TEST_POSTGRES';
export const TEMPLATES = { bare: 'template_bare', product: 'template_product' } as const;

const productMigrations = fileURLToPath(new URL('../../../supabase/migrations', import.meta.url));

/** The cluster's admin URL when this run is the PostgreSQL project's; undefined on PGlite. */
export const testPostgresUrl = (): string | undefined => process.env[ADMIN_URL_ENV] || undefined;

const urlOf = (adminUrl: string, name: string) => adminUrl.replace(/\/postgres$/, `/${name}`);

/**
 * A database for one stack: a fresh copy of the template its migrations start from, or, for a
 * stack with a data folder (a restart test), the one database named after that folder, so the next
 * start finds what the last one wrote.
 */
export async function databaseFor(
	adminUrl: string,
	options: { migrationsDir?: string; dataDir?: string },
): Promise<{ url: string; drop: () => Promise<void> }> {
	const migrations = resolve(options.migrationsDir ?? 'supabase/migrations');
	const template = migrations === productMigrations ? TEMPLATES.product : TEMPLATES.bare;
	const name = options.dataDir
		? `dir_${createHash('sha256').update(resolve(options.dataDir)).digest('hex').slice(0, 20)}`
		: `t_${randomUUID().replaceAll('-', '')}`;
	await onAdmin(adminUrl, async (client) => {
		const { rowCount } = await client.query('select 1 from pg_database where datname = $1', [name]);
		if (rowCount === 0) await client.query(`create database ${name} template ${template}`);
	});
	const drop = async () => {
		if (options.dataDir) return; // kept for the next start with that folder
		await onAdmin(adminUrl, (client) =>
			client.query(`drop database if exists ${name} with (force)`),
		);
	};
	return { url: urlOf(adminUrl, name), drop };
}
