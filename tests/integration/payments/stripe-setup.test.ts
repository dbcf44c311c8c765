import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PaymentConfigError } from '../../../src/server/payments/errors';
import { createStripeGateway } from '../../../src/server/payments/stripe';
import type { CardSetupRequest, PaymentGateway } from '../../../src/server/payments/types';
import { startStripeFake, type StripeFake } from './stripe-fake';

// Saving a card without paying, through the Stripe adapter against the fake API: a setup-mode
// Checkout Session for the profile's customer, the completed session read back into 'card_saved',
// and a removed card detached, where a method already gone counts as detached.

let fake: StripeFake;
let gateway: PaymentGateway;
const webhookSecret = 'whsec_setup';

beforeAll(async () => {
	fake = await startStripeFake();
});
afterAll(() => fake.close());
beforeEach(() => {
	fake.requests.length = 0;
	gateway = createStripeGateway({
		secretKey: 'sk_test_fake',
		webhookSecrets: [webhookSecret],
		client: fake.client(),
	});
});

let attempt = 0;
function request(change: Partial<CardSetupRequest> = {}): CardSetupRequest {
	attempt += 1;
	return {
		customer: { profileId: '5d2c6f0e-8a54-4c1e-9f0a-3b7e2d1c0a01', email: 'k@x.no', name: 'Kari' },
		locale: 'no',
		successUrl: 'https://shop.example/no/panel/billing/payment-methods?added=1',
		cancelUrl: 'https://shop.example/no/panel/billing/payment-methods',
		idempotencyKey: `card-setup-${attempt}`,
		...change,
	};
}

function completed(session: Stripe.Checkout.Session | Record<string, unknown>) {
	const payload = JSON.stringify({
		id: `evt_setup_${attempt}`,
		object: 'event',
		api_version: Stripe.API_VERSION,
		created: Math.floor(Date.now() / 1000),
		type: 'checkout.session.completed',
		data: { object: session },
	});
	const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
	return gateway.parseWebhook(payload, new Headers({ 'Stripe-Signature': header }));
}

describe('saving a card at Stripe', () => {
	it('makes a customer, then a setup-mode session for cards only', async () => {
		const sent = request();
		const session = await gateway.createCardSetup(sent);
		expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
		expect(session.gatewayCustomerId).toMatch(/^cus_test_/);
		const [customer, checkout] = fake.requests;
		expect(customer?.headers['idempotency-key']).toBe(`${sent.idempotencyKey}:customer`);
		expect(checkout?.headers['idempotency-key']).toBe(sent.idempotencyKey);
		const metadata = { profile_id: sent.customer.profileId };
		expect(checkout?.form).toEqual({
			mode: 'setup',
			customer: session.gatewayCustomerId,
			allowed_payment_method_types: ['card'],
			metadata,
			setup_intent_data: { metadata },
			locale: 'nb',
			success_url: sent.successUrl,
			cancel_url: sent.cancelUrl,
		});
	});

	it('uses a known customer, and replaces one Stripe no longer knows', async () => {
		const first = await gateway.createCardSetup(request());
		fake.requests.length = 0;
		const known = { ...request().customer, gatewayCustomerId: first.gatewayCustomerId };
		const again = await gateway.createCardSetup(request({ customer: known }));
		expect(again.gatewayCustomerId).toBe(first.gatewayCustomerId);
		expect(fake.requests.map((r) => r.path)).toEqual(['/v1/checkout/sessions']);
		const lost = { ...known, gatewayCustomerId: 'cus_deleted_in_dashboard' };
		const replaced = await gateway.createCardSetup(request({ customer: lost }));
		expect(replaced.gatewayCustomerId).toMatch(/^cus_test_/);
		expect(replaced.gatewayCustomerId).not.toBe(first.gatewayCustomerId);
	});

	it('says so when the account has not enabled cards', async () => {
		fake.disable('card');
		try {
			await expect(gateway.createCardSetup(request())).rejects.toThrow(PaymentConfigError);
		} finally {
			fake.enable('card');
		}
	});

	it('reports the card a completed setup saved, read back from the API', async () => {
		const sent = request();
		const { sessionId, gatewayCustomerId } = await gateway.createCardSetup(sent);
		const event = await completed(fake.completeSetup(sessionId));
		expect(event).toEqual({
			kind: 'card_saved',
			eventId: `evt_setup_${attempt}`,
			gateway: 'stripe',
			profileId: sent.customer.profileId,
			savedMethod: {
				gatewayMethodId: expect.stringMatching(/^pm_/),
				fingerprint: 'fpMc4444',
				brand: 'mastercard',
				last4: '4444',
				expMonth: 3,
				expYear: 2030,
			},
			gatewayCustomerId,
		});
		const read = fake.requests.find((r) => r.method === 'GET');
		expect(read?.path).toBe(`/v1/checkout/sessions/${sessionId}`);
	});

	it('saves nothing for a setup the API says is still processing, or is not a card', async () => {
		for (const outcome of ['processing', 'paypal'] as const) {
			const { sessionId } = await gateway.createCardSetup(request());
			await expect(completed(fake.completeSetup(sessionId, outcome))).resolves.toMatchObject({
				kind: 'ignored',
				type: 'checkout.session.completed',
			});
		}
	});

	it('detaches a removed card, and counts a card already gone as detached', async () => {
		const { sessionId } = await gateway.createCardSetup(request());
		const event = await completed(fake.completeSetup(sessionId));
		if (event.kind !== 'card_saved') throw new Error(event.kind);
		const id = event.savedMethod.gatewayMethodId;
		await gateway.detachMethod(id);
		expect(fake.methods.get(id)?.customer).toBeNull();
		await expect(gateway.detachMethod(id)).resolves.toBeUndefined();
		await expect(gateway.detachMethod('pm_never_seen')).resolves.toBeUndefined();
		const posted = fake.requests.filter((r) => r.path.endsWith('/detach'));
		expect(posted.map((r) => r.path)).toEqual([
			`/v1/payment_methods/${id}/detach`,
			`/v1/payment_methods/${id}/detach`,
			'/v1/payment_methods/pm_never_seen/detach',
		]);
	});

	it('rejects a detach when Stripe cannot be reached', async () => {
		const port = await closedPort();
		const client = new Stripe('sk_test_fake', {
			host: '127.0.0.1',
			port,
			protocol: 'http',
			maxNetworkRetries: 0,
		});
		const offline = createStripeGateway({ secretKey: 'sk_test_fake', webhookSecrets: [], client });
		await expect(offline.detachMethod('pm_1')).rejects.toThrow(Stripe.errors.StripeConnectionError);
	});

	it('is refused by the fake for what Stripe refuses in setup mode', async () => {
		const client = fake.client();
		const base = { mode: 'setup', success_url: 'https://x.example' } as const;
		await expect(client.checkout.sessions.create(base)).rejects.toThrow(
			/Missing required param: currency/,
		);
		const withLines = {
			...base,
			currency: 'eur',
			line_items: [{ price: 'price_1', quantity: 1 }],
		};
		await expect(client.checkout.sessions.create(withLines)).rejects.toThrow(
			/can not pass `line_items` in `setup` mode/,
		);
	});
});

/** A loopback port nothing listens on: connections to it are refused at once. */
async function closedPort(): Promise<number> {
	const server = createServer();
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;
	await new Promise<void>((resolve) => server.close(() => resolve()));
	return port;
}
