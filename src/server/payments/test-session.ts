import { randomUUID, timingSafeEqual } from 'node:crypto';
import { z } from 'zod';
import { hmac, nowSeconds } from './test-signing';
import { currencySchema } from '../../lib/domain/currency';
import { paymentMethodSchema } from '../../lib/domain/payment-method';

// What a test checkout session is and what paying it sends. The gateway keeps no state: the
// session travels in its signed token (the page's URL), a bearer link like a Stripe Checkout URL.

const sessionSchema = z.object({
	sid: z.string().min(8),
	invoiceId: z.string().min(1),
	orderId: z.string().min(1),
	amount: z.number().int().positive(),
	currency: currencySchema,
	method: paymentMethodSchema,
	successUrl: z.url(),
	cancelUrl: z.url(),
	expiresAt: z.number().int(),
});

export type TestSession = z.infer<typeof sessionSchema>;

export const testWebhookSchema = z.object({
	id: z.string().min(1).max(200),
	type: z.string().min(1).max(100),
	invoiceId: z.string().min(1),
	amount: z.number().int().positive(),
	currency: z.string().length(3),
	method: paymentMethodSchema,
	paymentId: z.string().min(1),
	created: z.number().int(),
	/** Paying by card saves the test card for renewals, as Stripe Checkout does. */
	savedMethod: z.object({ gatewayMethodId: z.string().min(1).max(100) }).optional(),
});

export type TestWebhookBody = z.infer<typeof testWebhookSchema> & {
	type: 'payment.succeeded' | 'payment.failed';
};

/**
 * `<base64url JSON>.<HMAC of "<kind>.<payload>">`. The kind is signed too, so a token made for one
 * purpose (a payment, a card setup) never passes for another.
 */
export function sealToken(kind: string, value: object, secret: string): string {
	const payload = Buffer.from(JSON.stringify(value)).toString('base64url');
	return `${payload}.${hmac(secret, `${kind}.${payload}`).toString('base64url')}`;
}

/** What a token of `kind` carries, or null when it was not signed with `secret` or has expired. */
export function openToken<T extends { expiresAt: number }>(
	kind: string,
	token: string,
	secret: string,
	schema: z.ZodType<T>,
	now = nowSeconds(),
): T | null {
	const [payload = '', signature = '', ...rest] = token.split('.');
	if (rest.length > 0 || !payload || !signature) return null;
	const given = Buffer.from(signature, 'base64url');
	const expected = hmac(secret, `${kind}.${payload}`);
	if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
	try {
		const decoded: unknown = JSON.parse(Buffer.from(payload, 'base64url').toString());
		const parsed = schema.safeParse(decoded);
		return parsed.success && parsed.data.expiresAt > now ? parsed.data : null;
	} catch {
		return null;
	}
}

export function sealSession(session: TestSession, secret: string): string {
	return sealToken('session', session, secret);
}

/** The session a token carries, or null when it was not signed with `secret` or has expired. */
export function openSession(token: string, secret: string, now = nowSeconds()): TestSession | null {
	return openToken('session', token, secret, sessionSchema, now);
}

/** The webhook body for the test page's Pay or Decline on `session`. */
export function testWebhookFor(session: TestSession, outcome: 'pay' | 'decline'): TestWebhookBody {
	return {
		id: `tgevt_${randomUUID()}`,
		type: outcome === 'pay' ? 'payment.succeeded' : 'payment.failed',
		invoiceId: session.invoiceId,
		amount: session.amount,
		currency: session.currency,
		method: session.method,
		// One per session, like a payment intent: paying twice is the same payment, taken once.
		paymentId: `tgpay_${session.sid}`,
		created: nowSeconds(),
		...(outcome === 'pay' && session.method === 'card'
			? { savedMethod: { gatewayMethodId: `tgpm_${session.sid}` } }
			: {}),
	};
}
