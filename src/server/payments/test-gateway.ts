import { createHmac } from 'node:crypto';
import { z } from 'zod';
import { localizePath } from '../../i18n/paths';
import { policy } from '../../lib/policy';
import { readPaymentConfig } from './config';
import { PaymentConfigError } from './errors';
import { checkCheckoutRequest, methodsFor } from './methods';
import {
	openSession,
	sealSession,
	testWebhookSchema,
	type TestSession,
	type TestWebhookBody,
} from './test-session';
import {
	cardSavedEvent,
	testFingerprint,
	createTestSetup,
	openSetup,
	testCardWebhookSchema,
	type TestCardWebhookBody,
	type TestSetupSession,
} from './test-setup';
import { nowSeconds, signatureHeader, verifySignature } from './test-signing';
import type { PaymentEvent, PaymentGateway } from './types';

// The embedded gateway for installs without Stripe: a TEST MODE page on our own site stands in for
// Stripe's, and its Pay / Decline buttons post a signed webhook to the same route Stripe's reach,
// so checkout and fulfilment run end to end without money or network. Saving a card without paying
// works the same way (test-setup.ts).

export { testWebhookFor, type TestSession, type TestWebhookBody } from './test-session';
export {
	decliningTestMethod,
	testCardWebhookFor,
	type TestCard,
	type TestCardWebhookBody,
	type TestSetupSession,
} from './test-setup';

export const testSignatureHeaderName = 'Test-Gateway-Signature';

// As long as the Stripe Checkout Session stripe.ts opens: what an unpaid order holds (its VPS
// addresses, its subdomain label) it holds as long as this page is open.
const sessionLifetimeSeconds = policy.unpaidHoldMinutes * 60;

function testSecret(): string {
	const config = readPaymentConfig(process.env);
	if (config.gateway !== 'test') throw new PaymentConfigError('The test gateway is not in use');
	return config.secret;
}

/** The JSON body and headers of a webhook from the test gateway (its pages' buttons). */
export function signTestWebhook(
	body: TestWebhookBody | TestCardWebhookBody,
	options: { secret?: string; timestamp?: number } = {},
): { rawBody: string; headers: Record<string, string> } {
	const rawBody = JSON.stringify(body);
	const signature = signatureHeader(rawBody, options.secret ?? testSecret(), options.timestamp);
	return {
		rawBody,
		headers: { 'Content-Type': 'application/json', [testSignatureHeaderName]: signature },
	};
}

/** The session behind a test checkout token, or null when the token is forged or expired. */
export function readTestSession(token: string, secret = testSecret()): TestSession | null {
	return openSession(token, secret);
}

/** The card setup behind a test setup token, or null when it is forged or expired. */
export function readTestSetup(token: string, secret = testSecret()): TestSetupSession | null {
	return openSetup(token, secret);
}

/** Only the event's type, to pick the schema that reads the rest. */
const typeSchema = z.object({ type: z.unknown() });

function toEvent(rawBody: string): PaymentEvent {
	// Signed with our secret, so a body that does not parse is our own bug: a plain error (500).
	const raw: unknown = JSON.parse(rawBody);
	if (typeSchema.parse(raw).type === 'card.saved')
		return cardSavedEvent(testCardWebhookSchema.parse(raw));
	const body = testWebhookSchema.parse(raw);
	const base = { eventId: body.id, gateway: 'test', invoiceId: body.invoiceId };
	if (body.type === 'payment.succeeded') {
		const { amount, paymentId, method, savedMethod } = body;
		return {
			kind: 'paid',
			...base,
			amount,
			currency: body.currency.toUpperCase(),
			paymentId,
			method,
			...(savedMethod ? { savedMethod: { ...testCard, ...savedMethod } } : {}),
		};
	}
	if (body.type === 'payment.failed') return { kind: 'failed', ...base, reason: 'declined' };
	return { kind: 'ignored', eventId: body.id, gateway: 'test', type: body.type };
}

/** The card every test payment saves: Stripe's test Visa. */
const testCard = {
	fingerprint: testFingerprint('4242'),
	...{ brand: 'visa', last4: '4242', expMonth: 12, expYear: 2034 },
};

/** Runs `work` now; what it throws becomes the rejection, as in an async function. */
const settle = <T>(work: () => T): Promise<T> => new Promise((resolve) => resolve(work()));

export function createTestGateway(secret: string): PaymentGateway {
	return {
		name: 'test',
		methodsFor,
		createCheckout: (request) =>
			settle(() => {
				checkCheckoutRequest(request);
				// Derived from the request's key, so a retried request pays under the same payment id.
				const sid = createHmac('sha256', secret).update(
					`sid.${request.invoiceId}.${request.idempotencyKey}`,
				);
				const { invoiceId, orderId, amount, currency, method, successUrl, cancelUrl } = request;
				const sessionId = sealSession(
					{
						sid: sid.digest('base64url').slice(0, 22),
						...{ invoiceId, orderId, amount, currency, method, successUrl, cancelUrl },
						expiresAt: nowSeconds() + sessionLifetimeSeconds,
					},
					secret,
				);
				const page = `/checkout/test-gateway/${encodeURIComponent(invoiceId)}`;
				const path = `${localizePath(page, request.locale)}?session=${encodeURIComponent(sessionId)}`;
				// On the site the caller's return URLs are on: no separate setting for our own origin.
				return { sessionId, url: new URL(path, successUrl).href };
			}),
		chargeSaved: (charge) =>
			settle(() => {
				if (charge.methodId.endsWith('_decline')) return { ok: false, reason: 'card_declined' };
				const id = createHmac('sha256', secret).update(`charge.${charge.idempotencyKey}`);
				return { ok: true, paymentId: `tgpay_${id.digest('base64url').slice(0, 22)}` };
			}),
		createCardSetup: (request) => settle(() => createTestSetup(request, secret)),
		// The page itself refuses an invoice that is not open (test-page.ts): nothing to close here.
		closeCheckout: () => Promise.resolve(),
		// Nothing is kept here, so there is nothing to let go of.
		detachMethod: () => Promise.resolve(),
		// In process, with nothing to reach: reachable whenever this code runs.
		probe: () => Promise.resolve(),
		refund: (request) =>
			settle(() => {
				const id = createHmac('sha256', secret).update(`refund.${request.idempotencyKey}`);
				return { refundId: `tgre_${id.digest('base64url').slice(0, 22)}` };
			}),
		parseWebhook: (rawBody, headers) =>
			settle(() => {
				verifySignature(rawBody, headers.get(testSignatureHeaderName), secret);
				return toEvent(rawBody);
			}),
	};
}
