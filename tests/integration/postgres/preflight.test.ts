import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack } from '@frostnode/local-supabase';
import { testPostgresUrl } from './engine.ts';

// An operator's own PostgreSQL user that may not do everything the stack needs: the start stops
// before it changes anything, naming each missing privilege; given those, the same user starts it.

const admin = testPostgresUrl()!;
let client: pg.Client;
const as = (database: string) =>
	admin.replace('postgres@', 'shop_operator:secret@').replace(/\/postgres$/, `/${database}`);

beforeAll(async () => {
	client = new pg.Client({ connectionString: admin });
	await client.connect();
	await client.query(`create role shop_operator login password 'secret'`);
	await client.query('create database shop_limited');
});
afterAll(async () => {
	await client.query('drop database if exists shop_limited with (force)');
	await client.query('drop owned by shop_operator cascade').catch(() => undefined);
	await client.query('drop role if exists shop_operator');
	await client.end();
});

describe('preparing a database as a user without every privilege', () => {
	it('names what is missing, changes nothing, and starts once it is granted', async () => {
		const refused = startLocalStack({
			databaseUrl: as('shop_limited'),
			apiPort: 0,
			mailPort: 0,
			quiet: true,
		});
		await expect(refused).rejects.toThrow(/cannot prepare shop_limited as shop_operator/);
		await expect(refused).rejects.toThrow(/grant create on database shop_limited to shop_operator/);
		await expect(refused).rejects.toThrow(/grant create on schema public to shop_operator/);
		await expect(refused).rejects.toThrow(/not a member of .*supabase_auth_admin/);
		const schemas = new pg.Client({
			connectionString: admin.replace(/\/postgres$/, '/shop_limited'),
		});
		await schemas.connect();
		const { rows } = await schemas.query(`select 1 from pg_namespace where nspname = 'auth'`);
		expect(rows).toHaveLength(0);
		await schemas.query('grant create on schema public to shop_operator');
		await schemas.end();
		await client.query('grant create on database shop_limited to shop_operator');
		await client.query(
			'grant supabase_admin, anon, authenticated, service_role, authenticator, supabase_auth_admin, postgres to shop_operator',
		);
		const stack = await startLocalStack({
			databaseUrl: as('shop_limited'),
			apiPort: 0,
			mailPort: 0,
			quiet: true,
		});
		try {
			expect(stack.engine).toBe('postgres');
			expect(stack.seeded).toBe(true);
		} finally {
			await stack.stop();
		}
	});
});
