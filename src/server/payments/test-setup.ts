import { createHmac, randomUUID } from 'node:crypto';
import { z } from 'zod';
import { localizePath } from '../../i18n/paths';
import { openToken, sealToken } from './test-session';
import { nowSeconds } from './test-signing';
import type { CardSetupRequest, CheckoutSession, PaymentEvent } from './types';

// Saving a card on the test gateway (the panel's "Add card" without Stripe): like a payment, the
// session travels in its signed token and its page posts a signed webhook, here 'card.saved' with
// the card the page's button chose. No card data exists anywhere: the cards are fixed test cards.

const setupSchema = z.object({
	sid: z.string().min(8),
	profileId: z.string().min(1),
	successUrl: z.url(),
	cancelUrl: z.url(),
	expiresAt: z.number().int(),
});

export type TestSetupSession = z.infer<typeof setupSchema>;

const setupLifetimeSeconds = 24 * 60 * 60; // as a Stripe Checkout Session

export const testCardWebhookSchema = z.object({
	id: z.string().min(1).max(200),
	type: z.literal('card.saved'),
	profileId: z.string().min(1),
	savedMethod: z.object({
		gatewayMethodId: z.string().min(1).max(100),
		fingerprint: z.string().min(1).max(100),
		brand: z.string().min(1).max(30),
		last4: z.string().regex(/^\d{4}$/),
		expMonth: z.number().int().min(1).max(12),
		expYear: z.number().int().min(2000).max(2100),
	}),
	created: z.number().int(),
});

export type TestCardWebhookBody = z.infer<typeof testCardWebhookSchema>;

/** The TEST MODE page's two buttons: Stripe's test Visa, and one that declines every renewal. */
export type TestCard = 'visa' | 'declining';

/** The setup page on our own site, in the customer's language; the token is the session. */
export function createTestSetup(request: CardSetupRequest, secret: string): CheckoutSession {
	const { customer, successUrl, cancelUrl } = request;
	// Derived from the request's key, so a retried request saves under the same card id.
	const sid = createHmac('sha256', secret)
		.update(`setup.${customer.profileId}.${request.idempotencyKey}`)
		.digest('base64url')
		.slice(0, 22);
	const session: TestSetupSession = {
		sid,
		profileId: customer.profileId,
		successUrl,
		cancelUrl,
		expiresAt: nowSeconds() + setupLifetimeSeconds,
	};
	const sessionId = sealToken('setup', session, secret);
	const page = localizePath('/checkout/test-gateway/card', request.locale);
	// On the site the caller's return URLs are on, as for a payment.
	const url = new URL(`${page}?session=${encodeURIComponent(sessionId)}`, successUrl);
	return { sessionId, url: url.href };
}

/** The setup a token carries, or null when it was not signed with `secret` or has expired. */
export function openSetup(token: string, secret: string, now = nowSeconds()) {
	return openToken('setup', token, secret, setupSchema, now);
}

/** One per test card number, as Stripe's fingerprint is one per card: each payment's is the same. */
export const testFingerprint = (last4: string) => `tgfp_${last4}`;

/**
 * A saved test card whose id says `decline` is refused off-session, as Stripe's test card
 * 4000 0000 0000 0341 is: it lets a test follow a renewal that cannot be charged.
 */
export const decliningTestMethod = (id: string) => `${id}_decline`;

/** The webhook body for saving `card` on `session`: one id per session and card, saved once. */
export function testCardWebhookFor(session: TestSetupSession, card: TestCard): TestCardWebhookBody {
	const id = `tgpm_${session.sid}`;
	const [gatewayMethodId, last4] =
		card === 'visa' ? [id, '4242'] : [decliningTestMethod(id), '0341'];
	const fingerprint = testFingerprint(last4);
	return {
		id: `tgevt_${randomUUID()}`,
		type: 'card.saved',
		profileId: session.profileId,
		savedMethod: {
			gatewayMethodId,
			fingerprint,
			brand: 'visa',
			last4,
			expMonth: 12,
			expYear: 2034,
		},
		created: nowSeconds(),
	};
}

/** A verified 'card.saved' body as the port's event. */
export function cardSavedEvent(body: TestCardWebhookBody): PaymentEvent {
	const { id, profileId, savedMethod } = body;
	return { kind: 'card_saved', eventId: id, gateway: 'test', profileId, savedMethod };
}
