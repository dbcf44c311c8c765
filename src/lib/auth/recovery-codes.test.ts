import { describe, expect, it } from 'vitest';
import {
	generateRecoveryCodes,
	groupSecret,
	looksLikeRecoveryCode,
	normaliseRecoveryCode,
	totpCodeOf,
} from './recovery-codes';

describe('recovery codes', () => {
	it('makes ten distinct codes of two groups of five, without look-alike characters', () => {
		const codes = generateRecoveryCodes();
		expect(codes).toHaveLength(10);
		expect(new Set(codes).size).toBe(10);
		for (const code of codes) {
			expect(code).toMatch(/^[A-Z2-9]{5}-[A-Z2-9]{5}$/);
			expect(code).not.toMatch(/[01ILO]/);
			expect(looksLikeRecoveryCode(code)).toBe(true);
		}
	});

	it('accepts a code typed in lower case, with spaces or without the dash', () => {
		expect(normaliseRecoveryCode(' abcde-fghjk ')).toBe('ABCDEFGHJK');
		expect(looksLikeRecoveryCode('abcde fghjk')).toBe(true);
		expect(looksLikeRecoveryCode('ABCDE-FGHJ')).toBe(false);
		expect(looksLikeRecoveryCode('123456')).toBe(false);
	});

	it('tells an authenticator code from anything else', () => {
		expect(totpCodeOf('123 456')).toBe('123456');
		expect(totpCodeOf('12345')).toBeNull();
		expect(totpCodeOf('12345a')).toBeNull();
	});

	it('groups the secret by four for typing by hand', () => {
		expect(groupSecret('JBSWY3DPEHPK3PXPJB')).toBe('JBSW Y3DP EHPK 3PXP JB');
	});
});
