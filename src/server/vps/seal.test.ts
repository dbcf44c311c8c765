import { describe, expect, it } from 'vitest';
import { seal, sealKeyFrom, unseal } from './seal';

// The generated password waits in the database sealed: only this site, which holds the key,
// can open it, and only for the service it was sealed for.

const key = sealKeyFrom('service-role-key-of-this-site');
const service = '8d0c3f59-1f0c-4a43-9d1e-0b9d1c2e3f40';

describe('sealing a password', () => {
	it('opens what it sealed, and never shows the plaintext in the sealed text', () => {
		const sealed = seal('Kx7mRampVq9sledHt4w', key, service);
		expect(sealed).not.toContain('Kx7mRampVq9sledHt4w');
		expect(unseal(sealed, key, service)).toBe('Kx7mRampVq9sledHt4w');
		// A fresh nonce each time: the same password never seals to the same text.
		expect(seal('Kx7mRampVq9sledHt4w', key, service)).not.toBe(sealed);
	});

	it('refuses a tampered ciphertext', () => {
		const sealed = seal('Kx7mRampVq9sledHt4w', key, service);
		const body = Buffer.from(sealed.slice(3), 'base64url');
		body[14] = (body[14] ?? 0) ^ 1;
		expect(unseal(`v1.${body.toString('base64url')}`, key, service)).toBeNull();
		expect(unseal(sealed.slice(0, -2), key, service)).toBeNull();
		expect(unseal('not sealed at all', key, service)).toBeNull();
	});

	it('refuses another key, and another service', () => {
		const sealed = seal('Kx7mRampVq9sledHt4w', key, service);
		expect(unseal(sealed, sealKeyFrom('another-site-key'), service)).toBeNull();
		expect(unseal(sealed, key, '00000000-0000-4000-8000-000000000000')).toBeNull();
	});
});
