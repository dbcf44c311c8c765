import { createHmac, timingSafeEqual } from 'node:crypto';
import { WebhookSignatureError } from './errors';

// The test gateway's cryptography, shaped like Stripe's so the webhook path it exercises is the
// real one: `t=<unix s>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">`, five minutes either way, constant-
// time compare. Session tokens (test-session.ts) use the same secret over a different prefix.

export const toleranceSeconds = 300;

export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

export function hmac(secret: string, content: string): Buffer {
	return createHmac('sha256', secret).update(content).digest();
}

export function signatureHeader(rawBody: string, secret: string, timestamp = nowSeconds()): string {
	return `t=${timestamp},v1=${hmac(secret, `${timestamp}.${rawBody}`).toString('hex')}`;
}

/** Throws WebhookSignatureError unless `header` signs exactly `rawBody` with `secret`, recently. */
export function verifySignature(
	rawBody: string,
	header: string | null,
	secret: string,
	now = nowSeconds(),
): void {
	if (!header) throw new WebhookSignatureError('No Test-Gateway-Signature header');
	const parts = header.split(',').map((part) => part.trim().split('='));
	const timestamp = parts.find(([key]) => key === 't')?.[1] ?? '';
	// Several v1 entries may be present, as during a secret rotation at Stripe; any may match.
	const signatures = parts.filter(
		([key, value]) => key === 'v1' && /^[0-9a-f]{64}$/.test(value ?? ''),
	);
	if (!/^\d{1,12}$/.test(timestamp) || signatures.length === 0)
		throw new WebhookSignatureError('Unable to read the timestamp and signatures from the header');
	// Either way: a timestamp from the future is as unusable for replay protection as an old one.
	if (Math.abs(now - Number(timestamp)) > toleranceSeconds)
		throw new WebhookSignatureError('Timestamp outside the tolerance zone');
	const expected = hmac(secret, `${timestamp}.${rawBody}`);
	const matches = signatures.some(([, value]) =>
		timingSafeEqual(Buffer.from(value ?? '', 'hex'), expected),
	);
	if (!matches) throw new WebhookSignatureError('No signature matches the payload');
}
