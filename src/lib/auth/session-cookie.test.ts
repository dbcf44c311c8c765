import { describe, expect, it } from 'vitest';
import { readSessionCookie } from './session-cookie';

const session = {
	access_token: 'header.payload.signature',
	expires_at: 1_900_000_000,
	refresh_token: 'r',
	user: { id: 'u1', email: 'ingrid@example.com', user_metadata: { first_name: 'Ingrid' } },
};
const encoded = 'base64-' + Buffer.from(JSON.stringify(session)).toString('base64url');

describe('readSessionCookie', () => {
	it('reads a whole cookie and a chunked one', () => {
		const expected = {
			user: { id: 'u1', email: 'ingrid@example.com', firstName: 'Ingrid' },
			accessToken: session.access_token,
			expiresAt: 1_900_000_000,
		};
		expect(readSessionCookie(`locale=da; sb-127-auth-token=${encoded}`)).toEqual(expected);
		const [a, b] = [encoded.slice(0, 40), encoded.slice(40)];
		expect(
			readSessionCookie(`sb-127-auth-token.0=${a}; other=1; sb-127-auth-token.1=${b}`),
		).toEqual(expected);
	});

	it('treats a missing, garbled or incomplete cookie as signed out', () => {
		expect(readSessionCookie('')).toBeNull();
		expect(readSessionCookie('sb-127-auth-token=base64-%%%')).toBeNull();
		expect(
			readSessionCookie(
				`sb-127-auth-token=base64-${Buffer.from('{"user":{}}').toString('base64url')}`,
			),
		).toBeNull();
	});
});
