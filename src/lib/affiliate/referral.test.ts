import { describe, expect, it } from 'vitest';
import { policy } from '../policy';
import { referralCode, referralCookie, referralCookieDays } from './referral';

describe('the referral cookie', () => {
	it('is set for 30 days from any page visited with a code, in canonical form', () => {
		expect(referralCookie('/?ref=ab23cd45', false)).toBe(
			'frostnode-ref=AB23CD45; Path=/; Max-Age=2592000; SameSite=Lax; HttpOnly',
		);
		expect(referralCookie('/minecraft-server-hosting?x=1&ref=AB23CD45', true)).toMatch(/; Secure$/);
		expect(referralCookieDays).toBe(policy.affiliate.cookieDays);
	});

	it('is not set without a code, or for anything that is not one', () => {
		for (const url of [
			'/',
			'/?ref=',
			'/?ref=short',
			'/?ref=AB23CD45;evil',
			'/?ref=%0d%0aSet-Cookie:x',
		])
			expect(referralCookie(url, false)).toBeUndefined();
		expect(referralCode(' ab23cd45 ')).toBe('AB23CD45');
		expect(referralCode(undefined)).toBeUndefined();
	});
});
