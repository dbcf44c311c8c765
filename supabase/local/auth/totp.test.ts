import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { matchedTotpStep, newTotpSecret, qrCodeSvg, totpUri } from './totp.ts';

const codeAt = (secret: string, timestamp: number) =>
	TOTP.generate({ secret: Secret.fromBase32(secret), timestamp });

describe('TOTP as GoTrue validates it', () => {
	const secret = newTotpSecret();
	const now = Date.UTC(2026, 10, 27, 0, 0, 15);

	it('makes a 20-byte secret written as 32 base32 characters', () => {
		expect(secret).toMatch(/^[A-Z2-7]{32}$/);
		expect(newTotpSecret()).not.toBe(secret);
	});

	it('accepts the current step and one step either side, nothing further, and names the step', () => {
		const step = Math.floor(now / 30_000);
		expect(matchedTotpStep(secret, codeAt(secret, now), now)).toBe(step);
		expect(matchedTotpStep(secret, codeAt(secret, now - 30_000), now)).toBe(step - 1);
		expect(matchedTotpStep(secret, codeAt(secret, now + 30_000), now)).toBe(step + 1);
		expect(matchedTotpStep(secret, codeAt(secret, now - 60_000), now)).toBeNull();
		expect(matchedTotpStep(secret, codeAt(secret, now + 60_000), now)).toBeNull();
	});

	it('ignores white space around the code, as pquerna/otp trims it', () => {
		expect(matchedTotpStep(secret, ` ${codeAt(secret, now)}\n`, now)).not.toBeNull();
	});

	it('refuses anything but six digits', () => {
		expect(matchedTotpStep(secret, `${codeAt(secret, now)}0`, now)).toBeNull();
		expect(matchedTotpStep(secret, 'abcdef', now)).toBeNull();
	});

	it("writes the key URI as pquerna/otp's Key.URL does, and its QR code as SVG", () => {
		expect(totpUri('localhost:4321', 'ann@example.com', 'ABC')).toBe(
			'otpauth://totp/localhost:4321:ann@example.com?algorithm=SHA1&digits=6&issuer=localhost%3A4321&period=30&secret=ABC',
		);
		expect(qrCodeSvg('otpauth://totp/x')).toMatch(/^<svg[\s\S]*<\/svg>$/);
	});
});
