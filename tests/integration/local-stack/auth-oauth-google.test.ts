import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import {
	PASSWORD,
	clientFor,
	latestMailTo,
	otpIn,
	startTestStack,
	uniqueEmail,
} from './helpers.ts';
import { postStandInForm } from '../google-sign-in.ts';

// Google sign-in on the local stack as GoTrue runs it: /authorize (PKCE flow state, redirect_to
// checked against the allow list), the stand-in for Google's pages, /callback (user and identity,
// linking by verified address) and the code exchanged through an unmodified supabase-js. As Google
// does, the stand-in names nobody until the address is proven: here with a code mailed to it.

const SITE = 'http://localhost:4321';
const CALLBACK = `${SITE}/auth/callback`;
let stack: LocalStack;

beforeAll(async () => {
	stack = await startTestStack({ externalGoogle: true, siteUrl: SITE });
});
afterAll(async () => {
	await stack?.stop();
});

const pkceClient = () => clientFor(stack, stack.anonKey, { auth: { flowType: 'pkce' } });

async function locationOf(url: string): Promise<URL> {
	const response = await fetch(url, { redirect: 'manual' });
	expect(response.status).toBe(302);
	return new URL(response.headers.get('location') ?? '');
}

/** Starts the sign-in and follows it to the stand-in's page; returns the client and that page's URL. */
async function toStandIn(redirectTo = CALLBACK) {
	const client = pkceClient();
	const { data, error } = await client.auth.signInWithOAuth({
		provider: 'google',
		options: { redirectTo, skipBrowserRedirect: true },
	});
	expect(error).toBeNull();
	return { client, standIn: await locationOf(data.url ?? '') };
}

/** Posts a stand-in form (the browser's form POST) to `path` beside the stand-in's page. */
const post = postStandInForm;

/** Types `email` and a name on the stand-in; returns the code page and its ticket. */
async function typeAddress(standIn: URL, email: string, name = 'Ingrid Google') {
	const page = await post(standIn, 'google-stand-in/code', {
		state: standIn.searchParams.get('state') ?? '',
		redirect_uri: standIn.searchParams.get('redirect_uri') ?? '',
		email,
		name,
	});
	expect(page.status).toBe(200);
	const html = await page.text();
	const ticket = /name="ticket" value="([^"]+)"/.exec(html)?.[1] ?? '';
	expect(ticket).not.toBe('');
	return { html, ticket };
}

/** Enters `code` for the ticket on the stand-in's code page. */
const enterCode = (standIn: URL, ticket: string, code: string) =>
	post(standIn, 'google-stand-in/approve', { ticket, code });

/**
 * The tester types `email`, reads the code mailed to it in the mailbox and enters it; returns
 * where /callback sends the browser.
 */
async function choose(standIn: URL, email: string, name = 'Ingrid Google'): Promise<URL> {
	const { ticket } = await typeAddress(standIn, email, name);
	const approved = await enterCode(standIn, ticket, otpIn(await latestMailTo(stack, email)));
	expect(approved.status).toBe(302);
	const callback = new URL(approved.headers.get('location') ?? '');
	expect(callback.href.startsWith(`${stack.url}/auth/v1/callback?`)).toBe(true);
	return locationOf(callback.href);
}

async function signInWithGoogle(email: string) {
	const { client, standIn } = await toStandIn();
	const landing = await choose(standIn, email);
	expect(`${landing.origin}${landing.pathname}`).toBe(CALLBACK);
	const exchanged = await client.auth.exchangeCodeForSession(
		landing.searchParams.get('code') ?? '',
	);
	expect(exchanged.error).toBeNull();
	return exchanged.data;
}

describe('Google sign-in through the stand-in', () => {
	it('says Google is enabled and shows a labelled stand-in page', async () => {
		const settings = (await (
			await fetch(`${stack.url}/auth/v1/settings`, { headers: { apikey: stack.anonKey } })
		).json()) as { external: Record<string, boolean> };
		expect(settings.external.google).toBe(true);
		const { standIn } = await toStandIn();
		expect(standIn.pathname).toBe('/auth/v1/google-stand-in');
		expect(standIn.searchParams.get('redirect_uri')).toBe(`${stack.url}/auth/v1/callback`);
		const page = await (await fetch(standIn)).text();
		expect(page).toContain('Google sign-in stand-in (local stack only)');
	});

	it('signs up a new customer with a Google identity and signs the same one in again', async () => {
		const email = uniqueEmail('google');
		const first = await signInWithGoogle(email);
		expect(first.user?.email).toBe(email);
		expect(first.user?.app_metadata).toMatchObject({ provider: 'google', providers: ['google'] });
		expect(first.user?.user_metadata).toMatchObject({
			full_name: 'Ingrid Google',
			email_verified: true,
		});
		expect(first.user?.identities?.map((identity) => identity.provider)).toEqual(['google']);
		expect(first.user?.email_confirmed_at).toBeTruthy();
		const claims = JSON.parse(
			Buffer.from(first.session?.access_token.split('.')[1] ?? '', 'base64url').toString(),
		) as { amr: { method: string }[] };
		expect(claims.amr[0]?.method).toBe('oauth');
		const again = await signInWithGoogle(email);
		expect(again.user?.id).toBe(first.user?.id);
		expect(again.user?.identities).toHaveLength(1);
	});

	it('links Google to a confirmed password account with the same address', async () => {
		const email = uniqueEmail('linked');
		const admin = clientFor(stack, stack.serviceRoleKey).auth.admin;
		const created = await admin.createUser({ email, password: PASSWORD, email_confirm: true });
		const signedIn = await signInWithGoogle(email);
		expect(signedIn.user?.id).toBe(created.data.user?.id);
		expect(signedIn.user?.identities?.map((identity) => identity.provider).sort()).toEqual([
			'email',
			'google',
		]);
		expect(signedIn.user?.app_metadata.providers).toEqual(['email', 'google']);
		// The password still works: linking adds a way in, it takes none away.
		const password = await clientFor(stack).auth.signInWithPassword({ email, password: PASSWORD });
		expect(password.data.user?.id).toBe(created.data.user?.id);
	});

	it('removes the password of an unconfirmed account it links (whoever set it never proved the address)', async () => {
		const email = uniqueEmail('unconfirmed');
		await clientFor(stack).auth.signUp({ email, password: PASSWORD });
		const signedIn = await signInWithGoogle(email);
		expect(signedIn.user?.identities?.map((identity) => identity.provider)).toEqual(['google']);
		const password = await clientFor(stack).auth.signInWithPassword({ email, password: PASSWORD });
		expect(password.error?.code).toBe('invalid_credentials');
	});

	it('without PKCE puts the session in the redirect’s fragment (implicit flow)', async () => {
		const client = clientFor(stack, stack.anonKey, { auth: { flowType: 'implicit' } });
		const { data } = await client.auth.signInWithOAuth({
			provider: 'google',
			options: { redirectTo: CALLBACK, skipBrowserRedirect: true },
		});
		expect(data.url).not.toContain('code_challenge');
		const email = uniqueEmail('implicit');
		const landing = await choose(await locationOf(data.url ?? ''), email);
		expect(landing.searchParams.get('code')).toBeNull();
		const fragment = new URLSearchParams(landing.hash.slice(1));
		const user = await client.auth.getUser(fragment.get('access_token') ?? '');
		expect(user.data.user?.email).toBe(email);
		expect(fragment.get('refresh_token')).toMatch(/^[a-z0-9]{12}$/);
	});

	it('replaces a redirect_to outside the allow list with the site URL, as GoTrue does', async () => {
		const { client, standIn } = await toStandIn('https://evil.example/steal');
		const landing = await choose(standIn, uniqueEmail('redirect'));
		expect(landing.origin).toBe(SITE);
		expect(landing.hostname).not.toBe('evil.example');
		const code = landing.searchParams.get('code') ?? '';
		expect((await client.auth.exchangeCodeForSession(code)).error).toBeNull();
	});

	it('sends a denial back to the redirect with access_denied', async () => {
		const { standIn } = await toStandIn();
		const deny = new URL('google-stand-in/approve', standIn);
		deny.search = new URLSearchParams({
			state: standIn.searchParams.get('state') ?? '',
			redirect_uri: standIn.searchParams.get('redirect_uri') ?? '',
			deny: '1',
		}).toString();
		const landing = await locationOf((await locationOf(deny.href)).href);
		expect(`${landing.origin}${landing.pathname}`).toBe(CALLBACK);
		expect(landing.searchParams.get('error')).toBe('access_denied');
		expect(landing.searchParams.get('code')).toBeNull();
		expect(new URLSearchParams(landing.hash.slice(1)).get('error')).toBe('access_denied');
	});

	it('refuses a callback whose state is missing, not a flow state, or expired: 303 to the site URL with the error', async () => {
		// external_oauth.go loadFlowState / external.go loadExternalState: errors before the flow
		// state is known redirect to the site URL (getErrorQueryString), not to the app's redirect.
		const refusal = async (query: string) => {
			const response = await fetch(`${stack.url}/auth/v1/callback?code=x${query}`, {
				redirect: 'manual',
			});
			expect(response.status).toBe(303);
			const target = new URL(response.headers.get('location') ?? '');
			expect(`${target.origin}${target.pathname}`).toBe(`${SITE}/`);
			return Object.fromEntries(target.searchParams);
		};
		expect(await refusal('')).toEqual({
			error: 'invalid_request',
			error_code: 'bad_oauth_callback',
			error_description: 'OAuth state parameter missing',
		});
		expect(await refusal('&state=not-a-uuid')).toMatchObject({
			error_code: 'bad_oauth_state',
			error_description: 'OAuth state parameter is invalid',
		});
		expect(await refusal(`&state=${randomUUID()}`)).toMatchObject({
			error_code: 'bad_oauth_state',
			error_description: 'OAuth state not found or expired',
		});
		const { standIn } = await toStandIn();
		const state = standIn.searchParams.get('state') ?? '';
		await stack.sql((tx) =>
			tx.query(
				`update auth.flow_state set created_at = now() - interval '301 seconds' where id = $1`,
				[state],
			),
		);
		expect(await refusal(`&state=${state}`)).toMatchObject({
			error_code: 'bad_oauth_state',
			error_description: 'OAuth state has expired',
		});
	});

	it('refuses the code to a client without its verifier', async () => {
		const { standIn } = await toStandIn();
		const landing = await choose(standIn, uniqueEmail('twice'));
		const code = landing.searchParams.get('code') ?? '';
		const stranger = await pkceClient().auth.exchangeCodeForSession(code);
		expect(stranger.error).not.toBeNull();
	});
});

describe('the state is a flow state, as GoTrue keeps it (issue 39)', () => {
	const flowState = async (id: string) =>
		stack.sql(async (tx) => {
			const { rows } = await tx.query<{
				provider_type: string;
				referrer: string | null;
				code_challenge: string | null;
				user_id: string | null;
			}>(
				'select provider_type, referrer, code_challenge, user_id from auth.flow_state where id = $1',
				[id],
			);
			return rows[0];
		});

	it('hands Google the id of a flow state that holds the provider and the redirect', async () => {
		// external.go GetExternalProviderRedirectURL: "Always create flow state for all flows (both
		// PKCE and implicit) ... The flow state ID is used as the state parameter instead of JWT"
		const { client, standIn } = await toStandIn();
		const state = standIn.searchParams.get('state') ?? '';
		expect(state).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
		expect(await flowState(state)).toMatchObject({
			provider_type: 'google',
			referrer: CALLBACK,
			user_id: null,
		});
		expect((await flowState(state))?.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
		const landing = await choose(standIn, uniqueEmail('flow'));
		expect((await flowState(state))?.user_id).toMatch(/^[0-9a-f-]{36}$/);
		// A PKCE state names one sign-in: coming back with it again is refused.
		const replay = await fetch(`${stack.url}/auth/v1/callback?code=x&state=${state}`, {
			redirect: 'manual',
		});
		const refused = new URL(replay.headers.get('location') ?? '');
		expect([replay.status, refused.searchParams.get('error_code')]).toEqual([
			303,
			'flow_state_already_used',
		]);
		expect(refused.searchParams.get('error_description')).toBe('State has already been used');
		const exchanged = await client.auth.exchangeCodeForSession(
			landing.searchParams.get('code') ?? '',
		);
		expect(exchanged.error).toBeNull();
		expect(await flowState(state)).toBeUndefined();
	});

	it('keeps a flow state for the implicit flow too, and ends it with the sign-in', async () => {
		const client = clientFor(stack, stack.anonKey, { auth: { flowType: 'implicit' } });
		const { data } = await client.auth.signInWithOAuth({
			provider: 'google',
			options: { redirectTo: CALLBACK, skipBrowserRedirect: true },
		});
		const standIn = await locationOf(data.url ?? '');
		const state = standIn.searchParams.get('state') ?? '';
		expect(await flowState(state)).toMatchObject({ referrer: CALLBACK, code_challenge: null });
		const landing = await choose(standIn, uniqueEmail('implicit-flow'));
		expect(new URLSearchParams(landing.hash.slice(1)).get('access_token')).toBeTruthy();
		expect(await flowState(state)).toBeUndefined();
	});

	it('stores Google’s picture as picture and avatar_url, in the identity and the user metadata', async () => {
		// provider/google.go: Claims{Picture: u.AvatarURL, AvatarURL: u.AvatarURL, ...}
		const email = uniqueEmail('picture');
		const { user } = await signInWithGoogle(email);
		const picture = user?.user_metadata.picture as string;
		expect(user?.user_metadata.avatar_url).toBe(picture);
		expect(user?.identities?.[0]?.identity_data).toMatchObject({
			picture,
			avatar_url: picture,
			email,
			email_verified: true,
			name: 'Ingrid Google',
			full_name: 'Ingrid Google',
			iss: 'https://accounts.google.com',
		});
		// Google serves the picture to anyone with its address; so does the stand-in, offline.
		const image = await fetch(picture);
		expect([image.status, image.headers.get('content-type')]).toEqual([200, 'image/svg+xml']);
		expect(await image.text()).toContain('>I</text>');
	});
});

describe('an address nobody has proven (issue 38)', () => {
	const admin = () => clientFor(stack, stack.serviceRoleKey).auth.admin;
	const providersOf = async (id: string) =>
		(await admin().getUserById(id)).data.user?.identities?.map((identity) => identity.provider);

	it('signs nobody in on a typed address: the old approve link and a wrong code lead nowhere', async () => {
		const victim = uniqueEmail('victim');
		const created = await admin().createUser({
			email: victim,
			password: PASSWORD,
			email_confirm: true,
		});
		const { standIn } = await toStandIn();
		const state = standIn.searchParams.get('state') ?? '';
		const redirect_uri = standIn.searchParams.get('redirect_uri') ?? '';
		const direct = new URL('google-stand-in/approve', standIn);
		direct.search = new URLSearchParams({
			state,
			redirect_uri,
			email: victim,
			name: 'x',
		}).toString();
		const old = await fetch(direct, { redirect: 'manual' });
		expect(old.headers.get('location')).toBeNull();
		expect(old.status).toBe(400);
		const { html, ticket } = await typeAddress(standIn, victim, 'Mallory');
		// The code went to the victim's mailbox, not to the page that asked for it.
		const code = otpIn(await latestMailTo(stack, victim));
		expect(html).not.toContain(code);
		const wrong = await enterCode(standIn, ticket, code === '000000' ? '000001' : '000000');
		expect(wrong.status).toBe(400);
		expect(wrong.headers.get('location')).toBeNull();
		expect(await providersOf(created.data.user?.id ?? '')).toEqual(['email']);
	});

	it('refuses every code, the right one too, after five wrong ones for an address in 15 minutes', async () => {
		const victim = uniqueEmail('guessed');
		for (let n = 0; n < 5; n += 1) {
			const { standIn } = await toStandIn();
			const { ticket } = await typeAddress(standIn, victim);
			const code = otpIn(await latestMailTo(stack, victim));
			const guess = String((Number(code) + 1 + n) % 1_000_000).padStart(6, '0');
			expect((await enterCode(standIn, ticket, guess)).status).toBe(400);
		}
		const { standIn } = await toStandIn();
		const { ticket } = await typeAddress(standIn, victim);
		const locked = await enterCode(standIn, ticket, otpIn(await latestMailTo(stack, victim)));
		expect(locked.status).toBe(429);
		expect(locked.headers.get('location')).toBeNull();
		expect(Number(locked.headers.get('retry-after'))).toBeGreaterThan(0);
		// Another address is not held up by it.
		expect(`${(await choose(standIn, uniqueEmail('bystander'))).origin}`).toBe(SITE);
	});

	it('takes a code once, and only in the sign-in it was mailed for', async () => {
		const email = uniqueEmail('once');
		const first = await toStandIn();
		const { ticket: firstTicket } = await typeAddress(first.standIn, email);
		const firstCode = otpIn(await latestMailTo(stack, email));
		const second = await toStandIn();
		const { ticket: secondTicket } = await typeAddress(second.standIn, email);
		const secondCode = otpIn(await latestMailTo(stack, email));
		// One time in a million the two random codes are the same, and the swap proves nothing.
		if (secondCode !== firstCode)
			expect((await enterCode(second.standIn, secondTicket, firstCode)).status).toBe(400);
		expect((await enterCode(first.standIn, firstTicket, firstCode)).status).toBe(302);
		expect((await enterCode(first.standIn, firstTicket, firstCode)).status).toBe(400);
	});

	it('never lists the addresses of people who signed in before', async () => {
		const email = uniqueEmail('private');
		const { standIn } = await toStandIn();
		await choose(standIn, email, 'Private Person');
		const page = await (await fetch((await toStandIn()).standIn)).text();
		expect(page).not.toContain(email);
		expect(page).not.toContain('Private Person');
	});
});
