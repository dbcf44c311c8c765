import { describe, expect, it } from 'vitest';
import { policy } from '../policy';
import { referralCode, referralCookieDays, referralCookieOptions, referralData } from './referral';

describe('referral codes and the cookie', () => {
	it('accepts a code in any case and gives it in canonical form', () => {
		expect(referralCode(' ab23cd45 ')).toBe('AB23CD45');
		for (const raw of [undefined, null, '', 'short', 'AB23CD45;evil', 'AB23CD45\r\nSet-Cookie:x'])
			expect(referralCode(raw)).toBeUndefined();
	});

	it('keeps the cookie for the days the affiliate page promises, out of scripts’ reach', () => {
		expect(referralCookieDays).toBe(policy.affiliate.cookieDays);
		expect(referralCookieOptions(true)).toEqual({
			path: '/',
			maxAge: policy.affiliate.cookieDays * 86_400,
			sameSite: 'lax',
			httpOnly: true,
			secure: true,
		});
		expect(referralCookieOptions(false).secure).toBe(false);
	});

	it('hands the sign-up only a well-formed code', () => {
		expect(referralData('ab23cd45')).toEqual({ referral_code: 'AB23CD45' });
		expect(referralData('<script>')).toEqual({});
		expect(referralData(undefined)).toEqual({});
	});
});
