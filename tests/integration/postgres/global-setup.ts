import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { startLocalStack } from '@frostnode/local-supabase';
import { startCluster } from '../../../scripts/postgres/cluster.ts';
import { freePort } from '../../../scripts/two-servers/ports.ts';
import { ADMIN_URL_ENV, TEMPLATES } from './engine.ts';

// One PostgreSQL cluster for the whole run of the integration-postgres project, with two template
// databases every stack copies in a fraction of a second (`create database … template …`): one
// bootstrapped only (suites with migrations of their own), one with the product's migrations too.

const productMigrations = fileURLToPath(new URL('../../../supabase/migrations', import.meta.url));

async function makeTemplate(adminUrl: string, name: string, migrationsDir: string): Promise<void> {
	const admin = new pg.Client({ connectionString: adminUrl });
	await admin.connect();
	await admin.query(`create database ${name}`);
	const stack = await startLocalStack({
		databaseUrl: adminUrl.replace(/\/postgres$/, `/${name}`),
		migrationsDir,
		seedFile: join(tmpdir(), 'no-seed-here.sql'),
		apiPort: 0,
		mailPort: 0,
		quiet: true,
	});
	await stack.stop();
	await admin.query(`alter database ${name} with is_template true`);
	await admin.end();
}

export default async function setup(): Promise<() => void> {
	const dir = mkdtempSync(join(tmpdir(), 'frostnode-pg-'));
	const cluster = startCluster({
		dir,
		port: await freePort(),
		// Every suite's stacks pool connections; durability is not what these tests are about.
		settings: {
			max_connections: 500,
			fsync: 'off',
			synchronous_commit: 'off',
			full_page_writes: 'off',
		},
	});
	await makeTemplate(cluster.url(), TEMPLATES.bare, join(dir, 'no-migrations'));
	await makeTemplate(cluster.url(), TEMPLATES.product, productMigrations);
	process.env[ADMIN_URL_ENV] = cluster.url();
	return () => {
		cluster.stop();
		rmSync(dir, { recursive: true, force: true });
	};
}
