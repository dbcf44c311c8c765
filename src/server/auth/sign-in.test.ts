import { AuthApiError } from '@supabase/supabase-js';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RequestClient } from '../supabase/request-client';
import { signIn, signInFloorMs } from './sign-in';

const alert = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('./guessing-alert', () => ({ alertAccountOwner: alert }));

/** An access token's payload part, as the auth service signs it (the signature is not read here). */
const tokenAt = (aal: string) => `h.${btoa(JSON.stringify({ aal }))}.s`;
const verified = [{ id: 'f1', factor_type: 'totp', status: 'verified' }];

/** A client whose password grant answers at once, as an unknown address does. */
function client(correct: string, factors: unknown[] = []): RequestClient {
	const signInWithPassword = vi.fn(({ password }: { password: string }) =>
		Promise.resolve(
			password === correct
				? {
						data: { user: { id: 'u', factors }, session: { access_token: tokenAt('aal1') } },
						error: null,
					}
				: {
						data: {},
						error: new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'),
					},
		),
	);
	return { auth: { signInWithPassword } } as unknown as RequestClient;
}

let n = 0;
const attempt = (
	supabase: RequestClient,
	password: string,
	email = 'a@example.com',
	from = '',
) => ({
	supabase,
	email,
	password,
	clientAddress: from || `192.0.2.${++n}`,
	locale: 'en' as const,
});

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

async function settle<T>(promise: Promise<T>): Promise<T> {
	await vi.advanceTimersByTimeAsync(signInFloorMs);
	return promise;
}

describe('signIn', () => {
	it('never answers before the floor, whatever the auth service does', async () => {
		let done = false;
		const pending = signIn(attempt(client('right'), 'wrong', 'floor@example.com')).then((r) => {
			done = true;
			return r;
		});
		await vi.advanceTimersByTimeAsync(signInFloorMs - 1);
		expect(done).toBe(false);
		await vi.advanceTimersByTimeAsync(1);
		expect(await pending).toEqual({
			ok: false,
			message: 'auth.error.invalidCredentials',
			status: 400,
		});
	});

	it('limits every attempt per client address, successes included', async () => {
		const supabase = client('right');
		for (let i = 0; i < 30; i++)
			expect(
				(await settle(signIn(attempt(supabase, 'right', `u${i}@example.com`, '192.0.2.200')))).ok,
			).toBe(true);
		const refused = await signIn(attempt(supabase, 'right', 'late@example.com', '192.0.2.200'));
		expect(refused).toMatchObject({ ok: false, message: 'auth.error.rateLimited', status: 429 });
		expect((await settle(signIn(attempt(supabase, 'right', 'late@example.com')))).ok).toBe(true);
	});

	it('pauses an account after ten wrong passwords from anywhere, and alerts its owner once', async () => {
		const supabase = client('right');
		for (let i = 0; i < 10; i++)
			await settle(signIn(attempt(supabase, 'wrong', 'Owner@Example.com')));
		expect(alert).toHaveBeenCalledTimes(1);
		expect(alert).toHaveBeenCalledWith('Owner@Example.com', expect.any(String), 'en');
		const owner = await signIn(attempt(supabase, 'right', 'owner@example.com'));
		expect(owner).toMatchObject({ ok: false, message: 'auth.error.accountPaused', status: 429 });
		expect(alert).toHaveBeenCalledTimes(1);
		await vi.advanceTimersByTimeAsync(300_000);
		expect((await settle(signIn(attempt(supabase, 'right', 'owner@example.com')))).ok).toBe(true);
	});

	it('alerts the owner once when guesses arrive together, so the one mailed link stays valid', async () => {
		alert.mockClear();
		const supabase = client('right');
		// All of them pass the pause check before any is counted, as a parallel flood does.
		const guesses = Array.from({ length: 14 }, () =>
			signIn(attempt(supabase, 'wrong', 'together@example.com')),
		);
		await vi.advanceTimersByTimeAsync(signInFloorMs);
		await Promise.all(guesses);
		expect(alert).toHaveBeenCalledTimes(1);
	});

	it('says when the password was right but the account’s two-factor code is still owed', async () => {
		const withFactor = await settle(
			signIn(attempt(client('right', verified), 'right', 'tf@example.com')),
		);
		expect(withFactor).toEqual({ ok: true, secondFactor: true });
		const without = await settle(signIn(attempt(client('right'), 'right', 'plain@example.com')));
		expect(without).toEqual({ ok: true, secondFactor: false });
	});
});
