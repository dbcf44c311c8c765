import { Secret, TOTP } from 'otpauth';
import { renderSVG } from 'uqr';

// TOTP as GoTrue runs it through pquerna/otp: a 20-byte secret shown as 32 base32 characters, SHA-1,
// 6 digits, 30-second steps, and one step of skew either side accepted. The key URI is laid out as
// pquerna's Key.URL() writes it, and the QR code is SVG markup with error correction H.

const DIGITS = 6;
const PERIOD_SECONDS = 30;
const SKEW_STEPS = 1;

export function newTotpSecret(): string {
	return new Secret({ size: 20 }).base32;
}

/** Go's url.URL path escaping keeps `:` and `@`, so an e-mail account name reads as typed. */
function pathEscape(value: string): string {
	return encodeURIComponent(value).replace(/%3A/gi, ':').replace(/%40/g, '@');
}

export function totpUri(issuer: string, accountName: string, secret: string): string {
	// url.Values.Encode sorts the keys.
	const query = new URLSearchParams({
		algorithm: 'SHA1',
		digits: String(DIGITS),
		issuer,
		period: String(PERIOD_SECONDS),
		secret,
	});
	return `otpauth://totp/${pathEscape(issuer)}:${pathEscape(accountName)}?${query.toString()}`;
}

export function qrCodeSvg(uri: string): string {
	return renderSVG(uri, { ecc: 'H' });
}

/**
 * The 30-second step (unix time / 30) whose code `code` is, among the current step and the one either
 * side of it; null when it is none of them. Surrounding white space is ignored, as pquerna/otp v1.4's
 * hotp.ValidateCustom trims it.
 */
export function matchedTotpStep(secret: string, rawCode: string, now = Date.now()): number | null {
	const code = rawCode.trim();
	if (!/^\d{6}$/.test(code)) return null;
	const delta = TOTP.validate({
		token: code,
		secret: Secret.fromBase32(secret),
		algorithm: 'SHA1',
		digits: DIGITS,
		period: PERIOD_SECONDS,
		timestamp: now,
		window: SKEW_STEPS,
	});
	return delta === null ? null : Math.floor(now / 1000 / PERIOD_SECONDS) + delta;
}
