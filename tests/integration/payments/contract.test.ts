import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebhookSignatureError } from '../../../src/server/payments/errors';
import { createStripeGateway } from '../../../src/server/payments/stripe';
import {
	createTestGateway,
	readTestSession,
	readTestSetup,
	signTestWebhook,
	testCardWebhookFor,
	testWebhookFor,
} from '../../../src/server/payments/test-gateway';
import type {
	CardSetupRequest,
	CheckoutRequest,
	CheckoutSession,
	PaymentGateway,
} from '../../../src/server/payments/types';
import { closedPort } from '../mail/relay';
import { fakeSecretKey, startStripeFake, type StripeFake } from './stripe-fake';

// What checkout and fulfilment rely on, run against both adapters: a checkout gives a URL to send
// the customer to, and a payment on that checkout comes back from parseWebhook as 'paid' for the
// same invoice and amount, while a body that does not carry a valid signature is refused. A card
// setup likewise gives a URL and comes back as 'card_saved' for the profile; a saved card detaches,
// also a second time. Both answer the readiness probe; Stripe's refusals of it are at the end.

interface Harness {
	gateway: PaymentGateway;
	/** The webhook the gateway sends once the customer has paid `session`. */
	paidWebhook(session: CheckoutSession): { rawBody: string; headers: Headers };
	/** The webhook the gateway sends once the customer has saved a card on setup `session`. */
	savedWebhook(session: CheckoutSession): { rawBody: string; headers: Headers };
}

const stripeEvent = (type: string, object: unknown, id: string) => {
	const payload = JSON.stringify({
		id,
		object: 'event',
		api_version: Stripe.API_VERSION,
		created: Math.floor(Date.now() / 1000),
		type,
		data: { object },
	});
	const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
	return { rawBody: payload, headers: new Headers({ 'Stripe-Signature': header }) };
};

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
		paidWebhook: ({ sessionId }) =>
			stripeEvent('checkout.session.completed', fake.pay(sessionId), `evt_${sessionId}`),
		savedWebhook: ({ sessionId }) =>
			stripeEvent('checkout.session.completed', fake.completeSetup(sessionId), `evt_${sessionId}`),
	}),
	test: () => ({
		gateway: createTestGateway(testSecret),
		paidWebhook(session) {
			const opened = readTestSession(session.sessionId, testSecret);
			if (!opened) throw new Error('The test gateway could not read its own session');
			const signed = signTestWebhook(testWebhookFor(opened, 'pay'), { secret: testSecret });
			return { rawBody: signed.rawBody, headers: new Headers(signed.headers) };
		},
		savedWebhook(session) {
			const opened = readTestSetup(session.sessionId, testSecret);
			if (!opened) throw new Error('The test gateway could not read its own setup');
			const signed = signTestWebhook(testCardWebhookFor(opened, 'visa'), { secret: testSecret });
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

const setup: CardSetupRequest = {
	customer: request.customer,
	locale: 'de',
	successUrl: 'http://127.0.0.1:4321/de/panel/billing/payment-methods?added=1',
	cancelUrl: 'http://127.0.0.1:4321/de/panel/billing/payment-methods',
	idempotencyKey: 'card-setup:contract:1',
};

describe.each(Object.keys(harnesses) as (keyof typeof harnesses)[])('the %s gateway', (name) => {
	let harness: Harness;
	beforeAll(() => {
		harness = harnesses[name]();
	});

	it('is reachable for the readiness check', async () => {
		await expect(harness.gateway.probe()).resolves.toBe(undefined);
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

	it('closes a checkout whose invoice can no longer be paid, and again without complaint', async () => {
		const session = await harness.gateway.createCheckout({
			...request,
			idempotencyKey: `${name}:close:1`,
		});
		await expect(harness.gateway.closeCheckout(session.sessionId)).resolves.toBe(undefined);
		await expect(harness.gateway.closeCheckout(session.sessionId)).resolves.toBe(undefined);
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

	it('answers a card setup with an absolute URL, and its webhook with the card saved', async () => {
		const session = await harness.gateway.createCardSetup({
			...setup,
			idempotencyKey: `${name}:setup:1`,
		});
		expect(new URL(session.url).protocol).toMatch(/^https?:$/);
		const { rawBody, headers } = harness.savedWebhook(session);
		const event = await harness.gateway.parseWebhook(rawBody, headers);
		expect(event).toMatchObject({
			kind: 'card_saved',
			gateway: name,
			profileId: request.customer.profileId,
			savedMethod: {
				gatewayMethodId: expect.any(String),
				brand: expect.any(String),
				last4: expect.stringMatching(/^\d{4}$/),
				expMonth: expect.any(Number),
				expYear: expect.any(Number),
			},
		});
		// One byte more than was signed: refused, as for a payment.
		await expect(harness.gateway.parseWebhook(`${rawBody} `, headers)).rejects.toThrow(
			WebhookSignatureError,
		);
	});

	it('detaches a saved card, and again without complaint once it is gone', async () => {
		const session = await harness.gateway.createCardSetup({
			...setup,
			idempotencyKey: `${name}:detach:1`,
		});
		const { rawBody, headers } = harness.savedWebhook(session);
		const event = await harness.gateway.parseWebhook(rawBody, headers);
		if (event.kind !== 'card_saved') throw new Error(`expected card_saved, got ${event.kind}`);
		await expect(harness.gateway.detachMethod(event.savedMethod.gatewayMethodId)).resolves.toBe(
			undefined,
		);
		await expect(harness.gateway.detachMethod(event.savedMethod.gatewayMethodId)).resolves.toBe(
			undefined,
		);
	});
});

describe('the Stripe gateway probe', () => {
	const wrongKey = 'sk_test_wrongKEY0123456789abcdef';
	const probeWith = (client: Stripe) =>
		createStripeGateway({ secretKey: wrongKey, webhookSecrets: [webhookSecret], client }).probe();

	it('asks one authenticated read of the API, and nothing else', async () => {
		fake.requests.length = 0;
		await probeWith(fake.client());
		expect(fake.requests.map((r) => `${r.method} ${r.path}`)).toEqual(['GET /v1/balance']);
		expect(fake.requests[0]?.headers['stripe-version']).toBe(Stripe.API_VERSION);
	});

	it('counts a refused key as down, in words that never quote the key', async () => {
		const probed = probeWith(fake.client({}, wrongKey));
		await expect(probed).rejects.toThrow('Stripe refused the secret key');
		const message = await probed.catch((error: Error) => error.message);
		expect(message).not.toContain('Invalid API Key');
		expect(message).not.toContain(wrongKey.slice(-4));
	});

	it('counts nothing listening as down, without retrying', async () => {
		const port = await closedPort();
		const client = new Stripe(fakeSecretKey, { host: '127.0.0.1', port, protocol: 'http' });
		await expect(probeWith(client)).rejects.toThrow(/^Stripe did not answer/);
	});

	it('gives up on a Stripe that accepts the connection but never answers, after about 3 s', async () => {
		const silent = createServer(() => {});
		await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
		const { port } = silent.address() as AddressInfo;
		const client = new Stripe(fakeSecretKey, { host: '127.0.0.1', port, protocol: 'http' });
		const started = Date.now();
		try {
			await expect(probeWith(client)).rejects.toThrow(/^Stripe did not answer within 3 s/);
			expect(Date.now() - started).toBeLessThan(5_000);
		} finally {
			silent.closeAllConnections();
			silent.close();
		}
	});
});
