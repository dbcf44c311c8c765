import { AuthApiError } from '@supabase/supabase-js';
import { describe, expect, it, vi } from 'vitest';
import type { RequestClient } from '../supabase/request-client';
import { underCodeLimits, verifyTotp } from './verify';

// The code limits (in this process's memory store: no backend in unit tests): a used code is
// refused within its window, wrong codes pause the account, and every answer says why.

function client(right: string): RequestClient {
	const challengeAndVerify = vi.fn(({ code }: { code: string }) =>
		Promise.resolve(
			code === right
				? { data: {}, error: null }
				: {
						data: null,
						error: new AuthApiError('Invalid TOTP code entered', 422, 'mfa_verification_failed'),
					},
		),
	);
	return { auth: { mfa: { challengeAndVerify } } } as unknown as RequestClient;
}

let n = 0;
const address = () => `192.0.2.${++n}`;

describe('underCodeLimits with verifyTotp', () => {
	it('accepts a right code once: the same code again is refused as used', async () => {
		const supabase = client('123456');
		const first = await underCodeLimits(
			'u-replay',
			address(),
			verifyTotp(supabase, 'f-replay', '123456'),
		);
		expect(first).toEqual({ ok: true });
		const again = await underCodeLimits(
			'u-replay',
			address(),
			verifyTotp(supabase, 'f-replay', '123456'),
		);
		expect(again).toEqual({ ok: false, message: 'mfa.error.wrongCode', status: 400 });
	});

	it('does not spend a code that was wrong', async () => {
		const supabase = client('654321');
		const wrong = await underCodeLimits(
			'u-wrong',
			address(),
			verifyTotp(supabase, 'f-wrong', '111111'),
		);
		expect(wrong).toMatchObject({ ok: false, message: 'mfa.error.wrongCode' });
		const laterRight = client('111111');
		expect(
			await underCodeLimits('u-wrong', address(), verifyTotp(laterRight, 'f-wrong', '111111')),
		).toEqual({ ok: true });
	});

	it('pauses an account after five wrong codes, from any address, with a 429 and a wait', async () => {
		const supabase = client('000001');
		for (let i = 0; i < 5; i++)
			await underCodeLimits('u-guess', address(), verifyTotp(supabase, 'f-guess', `00010${i}`));
		const paused = await underCodeLimits(
			'u-guess',
			address(),
			verifyTotp(supabase, 'f-guess', '000001'),
		);
		expect(paused).toMatchObject({ ok: false, message: 'mfa.error.paused', status: 429 });
		expect(paused.ok || paused.retryAfterSeconds).toBeGreaterThan(0);
	});

	it('limits one address across accounts with sign-in’s message', async () => {
		const supabase = client('999999');
		const from = address();
		for (let i = 0; i < 30; i++)
			await underCodeLimits(`u-many-${i}`, from, verifyTotp(supabase, `f-many-${i}`, '999999'));
		const refused = await underCodeLimits(
			'u-many-last',
			from,
			verifyTotp(supabase, 'f-last', '999999'),
		);
		expect(refused).toMatchObject({ ok: false, message: 'auth.error.rateLimited', status: 429 });
	});
});
