import { describe, expect, it } from 'vitest';
import { signedInAt, signedInRecently } from './sign-in-age';

const token = (payload: unknown) =>
	`h.${btoa(JSON.stringify(payload)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.s`;
const now = new Date('2026-11-27T12:00:00Z');
const at = (minutesAgo: number) => Math.floor(now.getTime() / 1000) - minutesAgo * 60;

describe('signedInAt', () => {
	it('takes the newest amr timestamp, not iat', () => {
		const t = token({
			iat: at(1),
			amr: [
				{ method: 'password', timestamp: at(90) },
				{ method: 'totp', timestamp: at(50) },
			],
		});
		expect(signedInAt(t)?.toISOString()).toBe(new Date(at(50) * 1000).toISOString());
		expect(signedInRecently(t, now)).toBe(true);
	});

	it('is not recent after an hour, nor without amr, nor for garbage', () => {
		expect(
			signedInRecently(
				token({ iat: at(0), amr: [{ method: 'password', timestamp: at(61) }] }),
				now,
			),
		).toBe(false);
		expect(signedInRecently(token({ iat: at(0) }), now)).toBe(false);
		expect(signedInAt('not-a-token')).toBeNull();
		expect(signedInAt('a.!!!.c')).toBeNull();
	});
});
