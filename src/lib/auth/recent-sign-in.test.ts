import { describe, expect, it } from 'vitest';
import { signedInAt, signedInRecently } from './recent-sign-in';

const token = (claims: unknown) =>
	`h.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`;

describe('recent sign-in', () => {
	const now = Date.UTC(2026, 10, 27, 1, 0, 0);
	const seconds = (ms: number) => Math.floor(ms / 1000);

	it('takes the latest method passed in the token', () => {
		const t = token({
			amr: [
				{ method: 'password', timestamp: seconds(now - 3 * 3600_000) },
				{ method: 'totp', timestamp: seconds(now - 600_000) },
			],
		});
		expect(signedInAt(t)).toBe(seconds(now - 600_000) * 1000);
		expect(signedInRecently(t, now)).toBe(true);
	});

	it('refuses a sign-in older than an hour, and tokens without amr or not tokens at all', () => {
		const old = token({ amr: [{ method: 'password', timestamp: seconds(now - 3601_000) }] });
		expect(signedInRecently(old, now)).toBe(false);
		expect(signedInRecently(token({ sub: 'x' }), now)).toBe(false);
		expect(signedInRecently('not-a-token', now)).toBe(false);
		expect(signedInRecently(token({ amr: 'password' }), now)).toBe(false);
	});
});
