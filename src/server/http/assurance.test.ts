import { describe, expect, it, vi } from 'vitest';
import type { APIContext } from 'astro';
import type { RequestClient } from '../supabase/request-client';
import { callerOf } from './caller';
import { checkCookieSession } from './assurance';

// A bearer token's user, as the auth service answers for it: a two-factor customer.
vi.mock('../supabase/admin-client', () => ({
	adminClient: () => ({
		auth: {
			getUser: () =>
				Promise.resolve({
					data: {
						user: { id: 'b', factors: [{ id: 'f', factor_type: 'totp', status: 'verified' }] },
					},
				}),
		},
	}),
}));

// The one session check behind the panel guard (middleware) and every API door (callerOf): a
// customer with a verified factor is signed in only at aal2.

const token = (aal: string) => `h.${btoa(JSON.stringify({ aal }))}.s`;
const verified = [{ id: 'f1', factor_type: 'totp', status: 'verified' }];

function cookieClient(user: object | null, aal = 'aal1'): RequestClient {
	const auth = {
		getUser: () => Promise.resolve({ data: { user }, error: null }),
		getSession: () =>
			Promise.resolve({ data: { session: user ? { access_token: token(aal) } : null } }),
	};
	return { auth } as unknown as RequestClient;
}

const context = (supabase: RequestClient) =>
	({
		request: new Request('http://site.test/api/x'),
		locals: { supabase },
	}) as unknown as APIContext;

describe('checkCookieSession', () => {
	it('calls a password-only session of a two-factor customer pending, not signed in', async () => {
		const user = { id: 'u', factors: verified };
		expect((await checkCookieSession(cookieClient(user, 'aal1'))).kind).toBe('pending');
		expect((await checkCookieSession(cookieClient(user, 'aal2'))).kind).toBe('complete');
	});

	it('leaves customers without a factor signed in at aal1, and nobody nobody', async () => {
		expect((await checkCookieSession(cookieClient({ id: 'u', factors: [] }))).kind).toBe(
			'complete',
		);
		expect((await checkCookieSession(cookieClient(null))).kind).toBe('none');
		expect((await checkCookieSession(undefined)).kind).toBe('none');
	});
});

describe('callerOf (every customer API door)', () => {
	it('has no caller for a session still owing its code, and the customer once it is aal2', async () => {
		const user = { id: 'u', factors: verified };
		expect(await callerOf(context(cookieClient(user, 'aal1')))).toBeNull();
		expect(await callerOf(context(cookieClient(user, 'aal2')))).toMatchObject({ id: 'u' });
	});
});

describe('callerOf with a bearer token', () => {
	it('refuses a script holding an aal1 token of a two-factor customer, takes their aal2 token', async () => {
		const asBearer = (aal: string) =>
			({
				request: new Request('http://site.test/api/x', {
					headers: { Authorization: `Bearer ${token(aal)}` },
				}),
				locals: {},
			}) as unknown as APIContext;
		expect(await callerOf(asBearer('aal1'))).toBeNull();
		expect(await callerOf(asBearer('aal2'))).toMatchObject({ id: 'b' });
	});
});
