import { createServerClient } from '@supabase/ssr';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import {
	PASSWORD,
	api,
	clientFor,
	latestMailTo,
	linkIn,
	realtimeOptions,
	signedInUser,
	startTestStack,
	uniqueEmail,
} from './helpers.ts';

// The admin API with the service role, PKCE e-mail flows as @supabase/ssr drives them, and the
// failed-login rate limits.

let stack: LocalStack;

beforeAll(async () => {
	stack = await startTestStack({
		mailMinIntervalSeconds: 0,
		rateLimits: { failedLoginsPerAccount: 3, failedLoginsPerIp: 8 },
	});
});
afterAll(async () => {
	await stack?.stop();
});

describe('admin API', () => {
	it('creates, reads, updates, lists and deletes users', async () => {
		const admin = clientFor(stack, stack.serviceRoleKey).auth.admin;
		const email = uniqueEmail('admin');
		const created = await admin.createUser({
			email,
			password: PASSWORD,
			email_confirm: true,
			user_metadata: { full_name: 'Kim' },
			app_metadata: { tier: 'gold' },
		});
		expect(created.error).toBeNull();
		const id = created.data.user?.id ?? '';
		expect(created.data.user?.app_metadata).toMatchObject({
			provider: 'email',
			providers: ['email'],
			tier: 'gold',
		});
		expect((await admin.createUser({ email, password: PASSWORD })).error?.code).toBe(
			'email_exists',
		);
		expect((await admin.createUser({ email: uniqueEmail(), password: 'short' })).error?.code).toBe(
			'weak_password',
		);
		expect((await admin.getUserById(id)).data.user?.email).toBe(email);
		const updated = await admin.updateUserById(id, {
			user_metadata: { city: 'Bergen' },
			ban_duration: '1h',
		});
		expect(updated.data.user?.user_metadata).toMatchObject({ full_name: 'Kim', city: 'Bergen' });
		const banned = await clientFor(stack).auth.signInWithPassword({ email, password: PASSWORD });
		expect(banned.error?.code).toBe('user_banned');
		await admin.updateUserById(id, { ban_duration: 'none' });
		expect(
			(await clientFor(stack).auth.signInWithPassword({ email, password: PASSWORD })).error,
		).toBeNull();

		await admin.createUser({ email: uniqueEmail('second'), password: PASSWORD });
		await admin.createUser({ email: uniqueEmail('third'), password: PASSWORD });
		const listed = await admin.listUsers({ page: 1, perPage: 2 });
		expect(listed.error).toBeNull();
		expect(listed.data.users).toHaveLength(2);
		const pagination = listed.data as {
			total?: number;
			lastPage?: number;
			nextPage?: number | null;
		};
		expect(pagination.total).toBeGreaterThanOrEqual(3);
		expect(pagination.nextPage).toBe(2);
		expect(pagination.lastPage).toBeGreaterThanOrEqual(2);

		expect((await admin.deleteUser(id)).error).toBeNull();
		const gone = await admin.getUserById(id);
		expect([gone.error?.status, gone.error?.code]).toEqual([404, 'user_not_found']);
	});

	it('deleting a user cascades to rows that reference it', async () => {
		const { user } = await signedInUser(stack);
		const admin = clientFor(stack, stack.serviceRoleKey);
		expect((await admin.from('profiles').select('id').eq('id', user.id)).data).toHaveLength(1);
		await admin.auth.admin.deleteUser(user.id);
		expect((await admin.from('profiles').select('id').eq('id', user.id)).data).toHaveLength(0);
	});

	it('generates links that verifyOtp accepts, without mailing them', async () => {
		const admin = clientFor(stack, stack.serviceRoleKey).auth.admin;
		const email = uniqueEmail('link');
		const signup = await admin.generateLink({ type: 'signup', email, password: PASSWORD });
		expect(signup.error).toBeNull();
		expect(signup.data.properties?.action_link).toContain('/auth/v1/verify?token=');
		expect(signup.data.properties?.verification_type).toBe('signup');
		const verified = await clientFor(stack).auth.verifyOtp({
			token_hash: signup.data.properties?.hashed_token ?? '',
			type: 'signup',
		});
		expect(verified.error).toBeNull();
		expect(verified.data.session?.user.email).toBe(email);
		const magic = await admin.generateLink({ type: 'magiclink', email });
		const otp = await clientFor(stack).auth.verifyOtp({
			email,
			token: magic.data.properties?.email_otp ?? '',
			type: 'magiclink',
		});
		expect(otp.error).toBeNull();
		const unknown = await admin.generateLink({ type: 'recovery', email: uniqueEmail('ghost') });
		expect(unknown.error?.status).toBe(404);
	});

	it('invites by e-mail; the invite link signs the new user in', async () => {
		const admin = clientFor(stack, stack.serviceRoleKey).auth.admin;
		const email = uniqueEmail('invited');
		const invited = await admin.inviteUserByEmail(email, { data: { full_name: 'New' } });
		expect(invited.error).toBeNull();
		expect(invited.data.user?.invited_at).toBeTruthy();
		const mail = await latestMailTo(stack, email);
		expect(mail.subject).toBe('You have been invited');
		const location = new URL(
			(await fetch(linkIn(mail), { redirect: 'manual' })).headers.get('location') ?? '',
		);
		expect(new URLSearchParams(location.hash.slice(1)).get('type')).toBe('invite');
	});

	it('refuses admin calls without the service role', async () => {
		const { error } = await clientFor(stack).auth.admin.listUsers();
		expect([error?.status, error?.code]).toEqual([403, 'not_admin']);
		const withSecret = await clientFor(stack, stack.secretKey).auth.admin.listUsers();
		expect(withSecret.error).toBeNull();
	});
});

function cookieJar() {
	const cookies = new Map<string, string>();
	return {
		cookies,
		options: {
			getAll: () => [...cookies].map(([name, value]) => ({ name, value })),
			setAll: (list: { name: string; value: string; options: { maxAge?: number } }[]) => {
				for (const { name, value, options } of list) {
					if (options.maxAge === 0 || value === '') cookies.delete(name);
					else cookies.set(name, value);
				}
			},
		},
	};
}

describe('PKCE', () => {
	it('@supabase/ssr: sign-up link redirects with ?code=, the code becomes a session cookie', async () => {
		const jar = cookieJar();
		const server = createServerClient(stack.url, stack.anonKey, {
			cookies: jar.options,
			...realtimeOptions,
		});
		const email = uniqueEmail('ssr');
		const signUp = await server.auth.signUp({
			email,
			password: PASSWORD,
			options: { emailRedirectTo: 'http://localhost:4321/auth/callback' },
		});
		expect(signUp.error).toBeNull();
		expect([...jar.cookies.keys()].some((name) => name.endsWith('-code-verifier'))).toBe(true);
		const link = new URL(linkIn(await latestMailTo(stack, email)));
		expect(link.searchParams.get('token')).toMatch(/^pkce_/);
		const location = new URL(
			(await fetch(link, { redirect: 'manual' })).headers.get('location') ?? '',
		);
		expect(location.pathname).toBe('/auth/callback');
		const code = location.searchParams.get('code') ?? '';
		expect(code).not.toBe('');
		const exchanged = await server.auth.exchangeCodeForSession(code);
		expect(exchanged.error).toBeNull();
		expect(exchanged.data.session?.user.email).toBe(email);
		const session = jar.cookies.get('sb-127-auth-token');
		expect(session).toMatch(/^base64-/);
		const again = createServerClient(stack.url, stack.anonKey, {
			cookies: jar.options,
			...realtimeOptions,
		});
		expect((await again.auth.getUser()).data.user?.email).toBe(email);
		const reused = await api(stack, '/auth/v1/token?grant_type=pkce', {
			method: 'POST',
			body: JSON.stringify({ auth_code: code, code_verifier: 'c'.repeat(43) }),
			headers: { 'X-Supabase-Api-Version': '2024-01-01' },
		});
		expect([reused.status, ((await reused.json()) as { code: string }).code]).toEqual([
			404,
			'flow_state_not_found',
		]);
	});

	it('supabase-js flowType pkce: recovery code exchange signals PASSWORD_RECOVERY', async () => {
		const { email } = await signedInUser(stack);
		const storage = new Map<string, string>();
		const client = clientFor(stack, stack.anonKey, {
			auth: {
				flowType: 'pkce',
				persistSession: true,
				storage: {
					getItem: (k) => storage.get(k) ?? null,
					setItem: (k, v) => void storage.set(k, v),
					removeItem: (k) => void storage.delete(k),
				},
			},
		});
		const events: string[] = [];
		client.auth.onAuthStateChange((event) => void events.push(event));
		expect((await client.auth.resetPasswordForEmail(email)).error).toBeNull();
		const location = new URL(
			(await fetch(linkIn(await latestMailTo(stack, email)), { redirect: 'manual' })).headers.get(
				'location',
			) ?? '',
		);
		const exchanged = await client.auth.exchangeCodeForSession(
			location.searchParams.get('code') ?? '',
		);
		expect(exchanged.error).toBeNull();
		expect(events).toContain('PASSWORD_RECOVERY');
	});

	it('refuses a wrong verifier with bad_code_verifier and an unknown code with flow_state_not_found', async () => {
		const email = uniqueEmail('pkce');
		await fetch(`${stack.url}/auth/v1/signup`, {
			method: 'POST',
			headers: { apikey: stack.anonKey, 'Content-Type': 'application/json' },
			body: JSON.stringify({
				email,
				password: PASSWORD,
				code_challenge: 'a'.repeat(43),
				code_challenge_method: 's256',
			}),
		});
		const location = new URL(
			(await fetch(linkIn(await latestMailTo(stack, email)), { redirect: 'manual' })).headers.get(
				'location',
			) ?? '',
		);
		const headers = { 'X-Supabase-Api-Version': '2024-01-01' };
		const body = (code: string) =>
			JSON.stringify({ auth_code: code, code_verifier: 'b'.repeat(43) });
		const wrong = await api(stack, '/auth/v1/token?grant_type=pkce', {
			method: 'POST',
			body: body(location.searchParams.get('code') ?? ''),
			headers,
		});
		expect([wrong.status, ((await wrong.json()) as { code: string }).code]).toEqual([
			400,
			'bad_code_verifier',
		]);
		const unknown = await api(stack, '/auth/v1/token?grant_type=pkce', {
			method: 'POST',
			body: body('00000000-0000-0000-0000-000000000000'),
			headers,
		});
		expect([unknown.status, ((await unknown.json()) as { code: string }).code]).toEqual([
			404,
			'flow_state_not_found',
		]);
		const half = await api(stack, '/auth/v1/signup', {
			method: 'POST',
			body: JSON.stringify({
				email: uniqueEmail(),
				password: PASSWORD,
				code_challenge: 'a'.repeat(43),
			}),
			headers,
		});
		expect(half.status).toBe(400);
	});
});

describe('failed password grants are rate limited', () => {
	it('per account: after 3 failures even the right password gets 429, other accounts do not', async () => {
		const victim = await signedInUser(stack);
		const bystander = await signedInUser(stack);
		for (let i = 0; i < 3; i += 1) {
			const { error } = await clientFor(stack).auth.signInWithPassword({
				email: victim.email,
				password: `guess number ${i}`,
			});
			expect(error?.code).toBe('invalid_credentials');
		}
		const limited = await clientFor(stack).auth.signInWithPassword({
			email: victim.email,
			password: PASSWORD,
		});
		expect([limited.error?.status, limited.error?.code]).toEqual([429, 'over_request_rate_limit']);
		expect(
			(
				await clientFor(stack).auth.signInWithPassword({
					email: bystander.email,
					password: PASSWORD,
				})
			).error,
		).toBeNull();
	});

	it('per address: failures spread over many accounts still add up', async () => {
		// Three accounts failed above from this address; five more reach the limit of eight.
		for (let i = 0; i < 5; i += 1) {
			const { error } = await clientFor(stack).auth.signInWithPassword({
				email: uniqueEmail('spray'),
				password: 'not the password',
			});
			expect(error?.code).toBe('invalid_credentials');
		}
		const someoneElse = await clientFor(stack).auth.signInWithPassword({
			email: uniqueEmail('spray'),
			password: 'not the password',
		});
		expect([someoneElse.error?.status, someoneElse.error?.code]).toEqual([
			429,
			'over_request_rate_limit',
		]);
	});
});
