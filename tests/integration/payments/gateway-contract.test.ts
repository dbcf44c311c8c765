import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../../../src/server/payments/errors';
import { createStripeGateway } from '../../../src/server/payments/stripe';
import {
	createTestGateway,
	readTestSession,
	signTestWebhook,
	testWebhookFor,
} from '../../../src/server/payments/test-gateway';
import type {
	CheckoutRequest,
	CheckoutSession,
	PaymentGateway,
} from '../../../src/server/payments/types';
import { startStripeFake, type StripeFake } from './stripe-fake';

// What checkout and fulfilment rely on, run against both adapters: a checkout gives a URL to send
// the customer to, and a payment on that checkout comes back from parseWebhook as 'paid' for the
// same invoice and amount, while a body that does not carry a valid signature is refused.

interface Harness {
	gateway: PaymentGateway;
	/** The webhook the gateway sends once the customer has paid `session`. */
	paidWebhook(session: CheckoutSession): { rawBody: string; headers: Headers };
}

let fake: StripeFake;
beforeAll(async () => {
	fake = await startStripeFake();
});
afterAll(() => fake.close());

const webhookSecret = 'whsec_contract';
const testSecret = 'contract-test-gateway-secret-0123456789';

const harnesses: Record<'stripe' | 'test', () => Harness> = {
	stripe: () => ({
		gateway: createStripeGateway({
			secretKey: 'sk_test_fake',
			webhookSecrets: [webhookSecret],
			client: fake.client(),
		}),
		paidWebhook(session) {
			const payload = JSON.stringify({
				id: `evt_${session.sessionId}`,
				object: 'event',
				api_version: Stripe.API_VERSION,
				created: Math.floor(Date.now() / 1000),
				type: 'checkout.session.completed',
				data: { object: fake.pay(session.sessionId) },
			});
			const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
			return { rawBody: payload, headers: new Headers({ 'Stripe-Signature': header }) };
		},
	}),
	test: () => ({
		gateway: createTestGateway(testSecret),
		paidWebhook(session) {
			const opened = readTestSession(session.sessionId, testSecret);
			if (!opened) throw new Error('The test gateway could not read its own session');
			const signed = signTestWebhook(testWebhookFor(opened, 'pay'), { secret: testSecret });
			return { rawBody: signed.rawBody, headers: new Headers(signed.headers) };
		},
	}),
};

const request: CheckoutRequest = {
	invoiceId: '7d0f3c2a-1b4e-4f6a-9c8d-2e5f1a3b4c6d',
	orderId: '1a2b3c4d-5e6f-4a8b-9c0d-1e2f3a4b5c6d',
	amount: 8_900,
	currency: 'EUR',
	method: 'card',
	customer: { profileId: 'prof-9', email: 'jonas@example.de', name: 'Jonas' },
	description: 'Valheim server, 4 GB, monthly',
	locale: 'de',
	successUrl: 'http://127.0.0.1:4321/de/checkout/complete?session={CHECKOUT_SESSION_ID}',
	cancelUrl: 'http://127.0.0.1:4321/de/cart',
	idempotencyKey: 'checkout:contract:1',
};

describe.each(Object.keys(harnesses) as (keyof typeof harnesses)[])('the %s gateway', (name) => {
	let harness: Harness;
	beforeAll(() => {
		harness = harnesses[name]();
	});

	it('names itself and offers the same matrix', () => {
		expect(harness.gateway.name).toBe(name);
		expect(harness.gateway.methodsFor('USD')).toEqual(['card', 'paypal']);
		expect(harness.gateway.methodsFor('DKK')).toContain('mobilepay');
	});

	it('answers a checkout with an absolute URL to send the customer to', async () => {
		const session = await harness.gateway.createCheckout(request);
		expect(session.sessionId).not.toBe('');
		expect(new URL(session.url).protocol).toMatch(/^https?:$/);
	});

	it('turns the signed webhook of a payment into paid, for the invoice and amount asked', async () => {
		const session = await harness.gateway.createCheckout({
			...request,
			idempotencyKey: `${name}:paid:1`,
		});
		const { rawBody, headers } = harness.paidWebhook(session);
		const event = await harness.gateway.parseWebhook(rawBody, headers);
		expect(event).toMatchObject({
			kind: 'paid',
			gateway: name,
			invoiceId: request.invoiceId,
			amount: 8_900,
			currency: 'EUR',
			method: 'card',
		});
		expect(event.kind === 'paid' && event.paymentId).toBeTruthy();
	});

	it('refuses a body that its signature does not cover', async () => {
		const session = await harness.gateway.createCheckout({
			...request,
			idempotencyKey: `${name}:forged:1`,
		});
		const { rawBody, headers } = harness.paidWebhook(session);
		const forged = rawBody.replace('8900', '1');
		expect(forged).not.toBe(rawBody);
		await expect(harness.gateway.parseWebhook(forged, headers)).rejects.toThrow(
			WebhookSignatureError,
		);
		await expect(harness.gateway.parseWebhook(rawBody, new Headers())).rejects.toThrow(
			WebhookSignatureError,
		);
	});
});
