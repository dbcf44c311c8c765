import { randomUUID } from 'node:crypto';
import { fileURLToPath } from 'node:url';
import { createClient } from '@supabase/supabase-js';
import type { SupabaseClientOptions } from '@supabase/supabase-js';
import type { LocalStack, LocalStackOptions, MailMessage } from '@frostnode/local-supabase';
import { startBackend } from '../target.ts';

// Shared by the local-stack integration tests: a stack in memory on ephemeral ports with the fixture
// migrations, unmodified supabase-js clients pointed at it, and the mailbox's JSON API.

export const FIXTURE_MIGRATIONS = fileURLToPath(new URL('./fixtures/migrations', import.meta.url));
export const PASSWORD = 'correct horse battery staple';

/**
 * A stack in memory with the fixture migrations, or the external target (tests/integration/target.ts)
 * when one holding the fixtures is configured; `options` can only be given to the embedded stack.
 */
export function startTestStack(options: LocalStackOptions = {}): Promise<LocalStack> {
	return startBackend(
		'contract',
		{
			apiPort: 0,
			mailPort: 0,
			quiet: true,
			migrationsDir: FIXTURE_MIGRATIONS,
			// Deliberately absent: the fixtures seed their rows in migrations, and a missing seed is skipped.
			seedFile: fileURLToPath(new URL('./fixtures/no-seed.sql', import.meta.url)),
			// A scratch project's config: GoTrue's own mail wording, which the contract tests check.
			configFile: null,
			...options,
		},
		Object.keys(options).map((name) => `the option ${name}`),
	);
}

/**
 * Realtime is out of scope, but supabase-js builds its client eagerly and, on Node 20 (the system Node
 * when vitest is started outside npm), finds no WebSocket. Node 22 has one; only then is this unused.
 */
class NoWebSocket {
	constructor() {
		throw new Error('realtime is not served by the local stack');
	}
}
export const realtimeOptions = globalThis.WebSocket
	? {}
	: { realtime: { transport: NoWebSocket as unknown as typeof WebSocket } };

export function clientFor(
	stack: LocalStack,
	key = stack.anonKey,
	options: SupabaseClientOptions<'public'> = {},
) {
	return createClient(stack.url, key, {
		...realtimeOptions,
		...options,
		auth: {
			persistSession: false,
			autoRefreshToken: false,
			detectSessionInUrl: false,
			...options.auth,
		},
	});
}

export type Client = ReturnType<typeof clientFor>;

export function uniqueEmail(prefix = 'user'): string {
	return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** A confirmed user (created with the service role) and a client signed in as them. */
export async function signedInUser(stack: LocalStack, metadata: Record<string, unknown> = {}) {
	const email = uniqueEmail();
	const admin = clientFor(stack, stack.serviceRoleKey);
	const created = await admin.auth.admin.createUser({
		email,
		password: PASSWORD,
		email_confirm: true,
		user_metadata: metadata,
	});
	if (created.error) throw created.error;
	const client = clientFor(stack);
	const signIn = await client.auth.signInWithPassword({ email, password: PASSWORD });
	if (signIn.error || !signIn.data.session) throw signIn.error ?? new Error('no session');
	return { email, client, user: signIn.data.user, session: signIn.data.session };
}

export async function messages(stack: LocalStack): Promise<MailMessage[]> {
	const response = await fetch(`${stack.mailboxUrl}/api/messages`);
	return ((await response.json()) as { messages: MailMessage[] }).messages;
}

export async function latestMailTo(stack: LocalStack, address: string): Promise<MailMessage> {
	const found = (await messages(stack)).find((message) => message.to.includes(address));
	if (!found) throw new Error(`no mail to ${address}`);
	return found;
}

/** The confirmation URL in a mail's plain text. */
export function linkIn(message: MailMessage): string {
	const match = /https?:\/\/\S+\/auth\/v1\/verify\S*/.exec(message.text);
	if (!match) throw new Error(`no link in ${message.subject}`);
	return match[0];
}

export function otpIn(message: MailMessage): string {
	const match = /Code: (\d{6})/.exec(message.text);
	if (!match?.[1]) throw new Error(`no code in ${message.subject}`);
	return match[1];
}

/** Calls the API directly, with the headers supabase-js would send, for status and header checks. */
export async function api(
	stack: LocalStack,
	path: string,
	init: RequestInit & { key?: string; bearer?: string | null } = {},
): Promise<Response> {
	const headers = new Headers(init.headers);
	headers.set('apikey', init.key ?? stack.anonKey);
	if (init.bearer !== null)
		headers.set('Authorization', `Bearer ${init.bearer ?? init.key ?? stack.anonKey}`);
	if (init.body !== undefined && !headers.has('Content-Type'))
		headers.set('Content-Type', 'application/json');
	return fetch(`${stack.url}${path}`, { ...init, headers, redirect: 'manual' });
}
