import { describe, expect, it } from 'vitest';
import { assuranceLevelOf, needsSecondFactor, verifiedTotpFactors } from './assurance';

/** An access token's shape: header, base64url claims, signature (not read here). */
const token = (claims: object) =>
	`h.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`;
const verified = { id: 'f1', factor_type: 'totp', status: 'verified' };
const unverified = { id: 'f2', factor_type: 'totp', status: 'unverified' };

describe('assuranceLevelOf', () => {
	it('reads the aal claim, and null from anything that is not a token', () => {
		expect(assuranceLevelOf(token({ aal: 'aal2', sub: 'ü' }))).toBe('aal2');
		expect(assuranceLevelOf(token({ sub: 'x' }))).toBeNull();
		expect(assuranceLevelOf('')).toBeNull();
		expect(assuranceLevelOf('a.%%%.c')).toBeNull();
	});
});

describe('needsSecondFactor', () => {
	it('asks an aal1 session for its code only when the customer has a verified factor', () => {
		expect(needsSecondFactor({ factors: [verified] }, token({ aal: 'aal1' }))).toBe(true);
		expect(needsSecondFactor({ factors: [verified] }, token({}))).toBe(true);
		expect(needsSecondFactor({ factors: [verified] }, token({ aal: 'aal2' }))).toBe(false);
		expect(needsSecondFactor({ factors: [unverified] }, token({ aal: 'aal1' }))).toBe(false);
		expect(needsSecondFactor({ factors: null }, token({ aal: 'aal1' }))).toBe(false);
		expect(needsSecondFactor({}, token({ aal: 'aal1' }))).toBe(false);
	});

	it('lists only verified TOTP factors', () => {
		const phone = { id: 'p', factor_type: 'phone', status: 'verified' };
		expect(verifiedTotpFactors({ factors: [unverified, phone, verified] })).toEqual(['f1']);
	});
});
