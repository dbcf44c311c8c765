import { writeFile, mkdtemp, readdir, copyFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { LocalStack } from '@frostnode/local-supabase';
import { startBackend } from '../target.ts';
import { clientFor, type Client } from '../local-stack/helpers.ts';

// The data model tested as each persona the spec knows, against the real migrations and the demo
// seed: anon, the demo customer (owner), another customer, and the server's service role.

const migrations = fileURLToPath(new URL('../../../supabase/migrations', import.meta.url));
const seed = fileURLToPath(new URL('../../../supabase/seed.sql', import.meta.url));

export const demo = {
	email: 'demo@frostnode.example',
	password: 'frostnode-demo-2026',
	id: '5d2c6f0e-8a54-4c1e-9f0a-3b7e2d1c0a01',
};
export const other = {
	email: 'other@frostnode.example',
	password: 'frostnode-other-2026',
	id: '9a1f4b7c-2e3d-4f5a-8b6c-7d8e9f0a1b02',
};
/** The seed's member of staff, with a verified authenticator factor (the secret below). */
export const staffMember = {
	email: 'staff@frostnode.example',
	password: 'frostnode-staff-2026',
	id: '3f6c2a1e-7b5d-4e8f-9a0b-1c2d3e4f5a03',
	totpSecret: 'FROSTSTAFFDEMOKEYFORLOCALUSEONLY',
};
export const ids = {
	palworld: 'c0ffee00-0000-4000-8000-000000000101',
	minecraft: 'c0ffee00-0000-4000-8000-000000000102',
	rust: 'c0ffee00-0000-4000-8000-000000000103',
	valheim: 'c0ffee00-0000-4000-8000-000000000201',
	openTicket: '22222222-0000-4000-8000-000000000001',
	overdueInvoice: '11111111-0000-4000-8000-000000000005',
};

export interface Personas {
	stack: LocalStack;
	anon: Client;
	owner: Client;
	other: Client;
	service: Client;
}

async function signIn(
	stack: LocalStack,
	who: { email: string; password: string },
): Promise<Client> {
	return (await sessionOf(stack, who)).client;
}

/** A new sign-in of `who`: its client, its access token and its session's id (the JWT's claim). */
export async function sessionOf(stack: LocalStack, who: { email: string; password: string }) {
	const client = clientFor(stack);
	const { data, error } = await client.auth.signInWithPassword(who);
	if (error) throw error;
	const token = data.session.access_token;
	return { client, token, sessionId: sessionIdOf(token) };
}

/** The `session_id` claim of an access token: the auth.sessions row it belongs to. */
export function sessionIdOf(accessToken: string): string {
	const claims: unknown = JSON.parse(
		Buffer.from(accessToken.split('.')[1] ?? '', 'base64url').toString(),
	);
	const id = typeof claims === 'object' && claims && 'session_id' in claims && claims.session_id;
	if (typeof id !== 'string') throw new Error('the access token names no session');
	return id;
}

/** A client that sends this access token as it is, whatever became of its session since. */
export function clientWithToken(stack: LocalStack, accessToken: string): Client {
	return clientFor(stack, stack.anonKey, {
		global: { headers: { Authorization: `Bearer ${accessToken}` } },
	});
}

/**
 * A stack with the product's migrations and seed, plus `extraSql` as one more migration (or the
 * external target holding the product's schema, tests/integration/target.ts).
 */
export async function startProductStack(extraSql?: string): Promise<Personas> {
	let migrationsDir = migrations;
	if (extraSql) {
		migrationsDir = await mkdtemp(join(tmpdir(), 'migrations-'));
		for (const file of await readdir(migrations))
			await copyFile(join(migrations, file), join(migrationsDir, file));
		await writeFile(join(migrationsDir, '99999999999999_test_override.sql'), extraSql);
	}
	const stack = await startBackend(
		'product',
		{ apiPort: 0, mailPort: 0, quiet: true, migrationsDir, seedFile: seed },
		extraSql ? ['a migration of its own'] : [],
	);
	return {
		stack,
		anon: clientFor(stack),
		owner: await signIn(stack, demo),
		other: await signIn(stack, other),
		service: clientFor(stack, stack.serviceRoleKey),
	};
}

/** Rows of `table` the client can see, or the error code the API answered with. */
export async function visibleRows(
	client: Client,
	table: string,
): Promise<Record<string, unknown>[] | string> {
	const { data, error } = await client.from(table).select('*');
	return error ? error.code : (data as Record<string, unknown>[]);
}

/**
 * The isolation check every policy test uses: the customer sees rows, and none of them belongs
 * to anyone else. It throws when a policy lets foreign rows through.
 */
export async function expectOnlyOwnRows(
	client: Client,
	table: string,
	ownerId: string,
	ownerColumn = 'user_id',
) {
	const rows = await visibleRows(client, table);
	if (typeof rows === 'string') throw new Error(`${table}: the owner could not read (${rows})`);
	if (rows.length === 0) throw new Error(`${table}: the owner sees none of their rows`);
	const foreign = rows.filter((row) => row[ownerColumn] !== ownerId);
	if (foreign.length)
		throw new Error(`${table}: ${foreign.length} row(s) of another customer are visible`);
}
