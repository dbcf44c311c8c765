import { describe, expect, it } from 'vitest';
import { sessionIdOf, tokenClaims } from './token-claims';

const tokenWith = (claims: object) =>
	`e30.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.sig`;

describe('access token claims', () => {
	it('names the session of a token that has one', () => {
		const id = '1b4e28ba-2fa1-41d2-883f-0016d3cca427';
		expect(sessionIdOf(tokenWith({ sub: 'x', session_id: id }))).toBe(id);
	});

	it('names none for a token without a session, or anything that is not a token', () => {
		expect(sessionIdOf(tokenWith({ sub: 'x' }))).toBeNull();
		expect(sessionIdOf(tokenWith({ session_id: 'not-a-uuid' }))).toBeNull();
		expect(sessionIdOf('')).toBeNull();
		expect(tokenClaims('a.%%%.c')).toBeNull();
	});
});
