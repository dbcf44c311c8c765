import { AuthSessionMissingError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import type { LocalStack } from '@frostnode/local-supabase';
import {
	PASSWORD,
	api,
	clientFor,
	latestMailTo,
	linkIn,
	messages,
	signedInUser,
	startTestStack,
	uniqueEmail,
} from './helpers.ts';

/** An HS256 token as a legacy-secret holder (or a forger with another secret) would make one. */
function signJwt(claims: Record<string, unknown>, secret: string): Promise<string> {
	return new SignJWT(claims)
		.setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
		.sign(new TextEncoder().encode(secret));
}

// Signed-in life: password grant, the access token's claims, /user read and update, refresh-token
// rotation and reuse, logout scopes, password recovery, and the informational endpoints.

let stack: LocalStack;

beforeAll(async () => {
	stack = await startTestStack({ refreshTokenReuseIntervalSeconds: 0, mailMinIntervalSeconds: 0 });
});
afterAll(async () => {
	await stack?.stop();
});

function claimsOf(token: string): Record<string, unknown> {
	return JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<
		string,
		unknown
	>;
}

describe('password sign-in and the session', () => {
	it('issues a GoTrue-shaped session and access token', async () => {
		const { session, user, email } = await signedInUser(stack);
		expect(session.token_type).toBe('bearer');
		expect(session.expires_in).toBe(3600);
		expect(session.refresh_token).toMatch(/^[a-z0-9]{12}$/);
		expect(user.last_sign_in_at).toBeTruthy();
		const claims = claimsOf(session.access_token);
		expect(claims).toMatchObject({
			iss: `${stack.url}/auth/v1`,
			sub: user.id,
			aud: 'authenticated',
			role: 'authenticated',
			email,
			phone: '',
			aal: 'aal1',
			is_anonymous: false,
			app_metadata: { provider: 'email', providers: ['email'] },
		});
		expect((claims.exp as number) - (claims.iat as number)).toBe(3600);
		const amr = claims.amr as { method: string; timestamp: number }[];
		expect(amr.map((entry) => entry.method)).toEqual(['password']);
		expect(typeof amr[0]?.timestamp).toBe('number');
		expect(claims.session_id).toEqual(expect.any(String));
	});

	it('refuses wrong passwords and unknown users alike', async () => {
		const { email } = await signedInUser(stack);
		const wrong = await clientFor(stack).auth.signInWithPassword({
			email,
			password: 'wrong password here',
		});
		const unknown = await clientFor(stack).auth.signInWithPassword({
			email: uniqueEmail(),
			password: PASSWORD,
		});
		for (const { error } of [wrong, unknown]) {
			expect([error?.status, error?.code, error?.message]).toEqual([
				400,
				'invalid_credentials',
				'Invalid login credentials',
			]);
		}
	});

	it('reads the user with getUser and getClaims', async () => {
		const { client, user } = await signedInUser(stack);
		const { data, error } = await client.auth.getUser();
		expect(error).toBeNull();
		expect(data.user?.id).toBe(user.id);
		expect(data.user?.identities?.[0]?.provider).toBe('email');
		const claims = await client.auth.getClaims();
		expect(claims.data?.claims.sub).toBe(user.id);
	});

	it('refuses bad tokens on /user with 403 bad_jwt and a missing one with 401', async () => {
		const forged = await signJwt(
			{
				sub: '00000000-0000-0000-0000-000000000000',
				role: 'authenticated',
				exp: Math.floor(Date.now() / 1000) + 60,
			},
			'not-the-secret-not-the-secret-xx',
		);
		const response = await api(stack, '/auth/v1/user', {
			bearer: forged,
			headers: { 'X-Supabase-Api-Version': '2024-01-01' },
		});
		expect(response.status).toBe(403);
		expect(((await response.json()) as { code: string }).code).toBe('bad_jwt');
		const expired = await signJwt(
			{ sub: '00000000-0000-0000-0000-000000000000', role: 'authenticated', exp: 1000 },
			stack.jwtSecret,
		);
		expect((await api(stack, '/auth/v1/user', { bearer: expired })).status).toBe(403);
		const anonKey = await api(stack, '/auth/v1/user', {
			headers: { 'X-Supabase-Api-Version': '2024-01-01' },
		});
		expect(await anonKey.json()).toEqual({
			code: 'bad_jwt',
			message: 'invalid claim: missing sub claim',
		});
		const none = await api(stack, '/auth/v1/user', {
			bearer: null,
			headers: { 'X-Supabase-Api-Version': '2024-01-01' },
		});
		expect(none.status).toBe(401);
		expect(((await none.json()) as { code: string }).code).toBe('no_authorization');
	});

	it('updates metadata (null deletes a key) and tells a new password from the old one', async () => {
		const { client, email } = await signedInUser(stack, { full_name: 'Lin', plan: 'iron' });
		const merged = await client.auth.updateUser({ data: { plan: null, city: 'Oslo' } });
		expect(merged.error).toBeNull();
		expect(merged.data.user?.user_metadata).toMatchObject({ full_name: 'Lin', city: 'Oslo' });
		expect(merged.data.user?.user_metadata).not.toHaveProperty('plan');
		const same = await client.auth.updateUser({ password: PASSWORD });
		expect([same.error?.status, same.error?.code]).toEqual([422, 'same_password']);
		const weak = await client.auth.updateUser({ password: 'abc' });
		expect(weak.error).toBeInstanceOf(AuthWeakPasswordError);
		const changed = await client.auth.updateUser({ password: 'a brand new passphrase' });
		expect(changed.error).toBeNull();
		expect(
			(await clientFor(stack).auth.signInWithPassword({ email, password: PASSWORD })).error?.code,
		).toBe('invalid_credentials');
		expect(
			(
				await clientFor(stack).auth.signInWithPassword({
					email,
					password: 'a brand new passphrase',
				})
			).error,
		).toBeNull();
		const appMetadata = await api(stack, '/auth/v1/user', {
			method: 'PUT',
			bearer: (await client.auth.getSession()).data.session?.access_token,
			body: JSON.stringify({ app_metadata: { role: 'admin' } }),
			headers: { 'X-Supabase-Api-Version': '2024-01-01' },
		});
		expect(appMetadata.status).toBe(403);
	});

	it('ends the other sessions when the password changes', async () => {
		const { client, email } = await signedInUser(stack);
		const other = clientFor(stack);
		await other.auth.signInWithPassword({ email, password: PASSWORD });
		await client.auth.updateUser({ password: 'another long passphrase' });
		expect((await client.auth.getUser()).error).toBeNull();
		// session_not_found is what auth-js turns into AuthSessionMissingError (and drops its session).
		const gone = await other.auth.getUser();
		expect(gone.error).toBeInstanceOf(AuthSessionMissingError);
	});

	it('changes the e-mail after both addresses confirm', async () => {
		const { client, email } = await signedInUser(stack);
		const newEmail = uniqueEmail('moved');
		const requested = await client.auth.updateUser({ email: newEmail });
		expect(requested.error).toBeNull();
		expect(requested.data.user?.new_email).toBe(newEmail);
		expect(requested.data.user?.email).toBe(email);
		const first = await fetch(linkIn(await latestMailTo(stack, newEmail)), { redirect: 'manual' });
		expect(
			new URLSearchParams(new URL(first.headers.get('location') ?? '').hash.slice(1)).get(
				'message',
			),
		).toMatch(/^Confirmation link accepted/);
		const second = await fetch(linkIn(await latestMailTo(stack, email)), { redirect: 'manual' });
		expect(new URL(second.headers.get('location') ?? '').hash).toContain('access_token=');
		const { data } = await client.auth.getUser();
		expect(data.user?.email).toBe(newEmail);
		const taken = await client.auth.updateUser({ email: (await signedInUser(stack)).email });
		expect([taken.error?.status, taken.error?.code]).toEqual([422, 'email_exists']);
	});
});

describe('refresh tokens', () => {
	it('rotates: a new refresh token for the same session', async () => {
		const { client, session } = await signedInUser(stack);
		const { data, error } = await client.auth.refreshSession();
		expect(error).toBeNull();
		expect(data.session?.refresh_token).not.toBe(session.refresh_token);
		expect(claimsOf(data.session?.access_token ?? '').session_id).toBe(
			claimsOf(session.access_token).session_id,
		);
	});

	it('gives the same child back for a token whose refresh answer was lost', async () => {
		const { session } = await signedInUser(stack);
		const first = await clientFor(stack).auth.refreshSession({
			refresh_token: session.refresh_token,
		});
		const again = await clientFor(stack).auth.refreshSession({
			refresh_token: session.refresh_token,
		});
		expect(again.error).toBeNull();
		expect(again.data.session?.refresh_token).toBe(first.data.session?.refresh_token);
	});

	it('treats reuse of an older token as theft: refused, and the whole family revoked', async () => {
		const { session } = await signedInUser(stack);
		const second = await clientFor(stack).auth.refreshSession({
			refresh_token: session.refresh_token,
		});
		const third = await clientFor(stack).auth.refreshSession({
			refresh_token: second.data.session?.refresh_token ?? '',
		});
		expect(third.error).toBeNull();
		const reuse = await clientFor(stack).auth.refreshSession({
			refresh_token: session.refresh_token,
		});
		expect([reuse.error?.status, reuse.error?.code]).toEqual([400, 'refresh_token_already_used']);
		const family = await clientFor(stack).auth.refreshSession({
			refresh_token: third.data.session?.refresh_token ?? '',
		});
		expect(family.error?.code).toBe('refresh_token_already_used');
	});

	it('refuses unknown and malformed tokens with 4xx (never 5xx, which clients retry forever)', async () => {
		const unknown = await clientFor(stack).auth.refreshSession({ refresh_token: 'abcdefghijkl' });
		expect([unknown.error?.status, unknown.error?.code]).toEqual([400, 'refresh_token_not_found']);
		const malformed = await clientFor(stack).auth.refreshSession({ refresh_token: 'short' });
		expect([malformed.error?.status, malformed.error?.code]).toEqual([400, 'validation_failed']);
		const missing = await api(stack, '/auth/v1/token?grant_type=refresh_token', {
			method: 'POST',
			body: '{}',
		});
		expect(await missing.json()).toEqual({
			error: 'invalid_request',
			error_description: 'refresh_token required',
		});
		const grant = await api(stack, '/auth/v1/token?grant_type=magic', {
			method: 'POST',
			body: '{}',
		});
		expect(grant.status).toBe(400);
	});
});

describe('logout', () => {
	async function twoSessions() {
		const first = await signedInUser(stack);
		const second = clientFor(stack);
		await second.auth.signInWithPassword({ email: first.email, password: PASSWORD });
		return { first: first.client, second };
	}

	it('scope local ends only this session', async () => {
		const { first, second } = await twoSessions();
		const refresh = (await first.auth.getSession()).data.session?.refresh_token ?? '';
		expect((await first.auth.signOut({ scope: 'local' })).error).toBeNull();
		expect(
			(await clientFor(stack).auth.refreshSession({ refresh_token: refresh })).error?.code,
		).toBe('refresh_token_not_found');
		expect((await second.auth.getUser()).error).toBeNull();
	});

	it('scope others ends every session but this one', async () => {
		const { first, second } = await twoSessions();
		expect((await first.auth.signOut({ scope: 'others' })).error).toBeNull();
		expect((await first.auth.getUser()).error).toBeNull();
		expect((await second.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError);
	});

	it('scope global (the default) ends all sessions; the old token then gets session_not_found', async () => {
		const { first, second } = await twoSessions();
		const token = (await second.auth.getSession()).data.session?.access_token;
		expect((await first.auth.signOut()).error).toBeNull();
		const response = await api(stack, '/auth/v1/user', {
			bearer: token,
			headers: { 'X-Supabase-Api-Version': '2024-01-01' },
		});
		expect(response.status).toBe(403);
		expect(((await response.json()) as { code: string }).code).toBe('session_not_found');
		const afterwards = await second.auth.getUser();
		expect(afterwards.error).toBeInstanceOf(AuthSessionMissingError);
		expect(
			(await api(stack, '/auth/v1/logout?scope=everything', { method: 'POST', bearer: token }))
				.status,
		).toBe(400);
	});
});

describe('password recovery', () => {
	it('answers 200 for any address, mails registered ones, and the link signs the user in to set a password', async () => {
		const { email } = await signedInUser(stack);
		const before = (await messages(stack)).length;
		expect(
			(await clientFor(stack).auth.resetPasswordForEmail(uniqueEmail('nobody'))).error,
		).toBeNull();
		expect((await messages(stack)).length).toBe(before);
		expect(
			(
				await clientFor(stack).auth.resetPasswordForEmail(email, {
					redirectTo: 'http://localhost:4321/reset',
				})
			).error,
		).toBeNull();
		const mail = await latestMailTo(stack, email);
		expect(mail.subject).toBe('Reset Your Password');
		const response = await fetch(linkIn(mail), { redirect: 'manual' });
		const location = new URL(response.headers.get('location') ?? '');
		expect(location.pathname).toBe('/reset');
		const fragment = new URLSearchParams(location.hash.slice(1));
		expect(fragment.get('type')).toBe('recovery');
		const client = clientFor(stack);
		await client.auth.setSession({
			access_token: fragment.get('access_token') ?? '',
			refresh_token: fragment.get('refresh_token') ?? '',
		});
		expect((await client.auth.updateUser({ password: 'recovered passphrase!' })).error).toBeNull();
		expect(
			(await clientFor(stack).auth.signInWithPassword({ email, password: 'recovered passphrase!' }))
				.error,
		).toBeNull();
	});

	it('signs in with a magic link (signInWithOtp) for a confirmed user', async () => {
		const { email } = await signedInUser(stack);
		expect(
			(await clientFor(stack).auth.signInWithOtp({ email, options: { shouldCreateUser: false } }))
				.error,
		).toBeNull();
		const mail = await latestMailTo(stack, email);
		expect(mail.subject).toBe('Your Magic Link');
		const noUser = await clientFor(stack).auth.signInWithOtp({
			email: uniqueEmail(),
			options: { shouldCreateUser: false },
		});
		expect([noUser.error?.status, noUser.error?.code]).toEqual([422, 'otp_disabled']);
	});
});

describe('informational endpoints', () => {
	it('serves settings, health and an empty JWKS', async () => {
		const settings = (await (await api(stack, '/auth/v1/settings')).json()) as {
			external: Record<string, boolean>;
			mailer_autoconfirm: boolean;
		};
		expect(settings.external.email).toBe(true);
		expect(settings.external.google).toBe(false);
		expect(settings.mailer_autoconfirm).toBe(false);
		expect(((await (await api(stack, '/auth/v1/health')).json()) as { name: string }).name).toBe(
			'GoTrue',
		);
		// internal/api/jwks.go: the asymmetric signing key's public half, never the HS256 secret.
		const jwks = (await (await fetch(`${stack.url}/auth/v1/.well-known/jwks.json`)).json()) as {
			keys: Record<string, unknown>[];
		};
		expect(jwks.keys.map(({ kty, alg, use }) => ({ kty, alg, use }))).toEqual([
			{ kty: 'EC', alg: 'ES256', use: 'sig' },
		]);
	});

	it('answers Google sign-in exactly as a project without the provider enabled', async () => {
		const { data } = await clientFor(stack).auth.signInWithOAuth({
			provider: 'google',
			options: { skipBrowserRedirect: true },
		});
		const response = await fetch(data.url ?? '', { redirect: 'manual' });
		expect(response.status).toBe(400);
		expect(await response.json()).toEqual({
			code: 400,
			error_code: 'validation_failed',
			msg: 'Unsupported provider: provider is not enabled',
		});
	});
});
