import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { policy } from '../../../src/lib/policy';
import { PaymentConfigError } from '../../../src/server/payments/errors';
import { createStripeGateway } from '../../../src/server/payments/stripe';
import type { CheckoutRequest, PaymentGateway } from '../../../src/server/payments/types';
import { startStripeFake, type StripeFake } from './stripe-fake';

// The Stripe adapter's API calls against an in-process fake of api.stripe.com.

let fake: StripeFake;
let gateway: PaymentGateway;

beforeAll(async () => {
	fake = await startStripeFake();
});
afterAll(() => fake.close());
beforeEach(() => {
	fake.requests.length = 0;
	gateway = createStripeGateway({
		secretKey: 'sk_test_fake',
		webhookSecrets: ['whsec_fake'],
		client: fake.client(),
	});
});

let attempt = 0;
function request(change: Partial<CheckoutRequest> = {}): CheckoutRequest {
	attempt += 1;
	return {
		invoiceId: '0b9d6c1e-6f4c-4c52-9a57-1c1f3e0f7a11',
		orderId: '5f1c0c4e-2a5e-4b7e-8a0f-6a2f8b9c0d12',
		amount: 12_900,
		currency: 'NOK',
		method: 'card',
		customer: { profileId: 'prof-1', email: 'kari@example.no', name: 'Kari Nordmann' },
		description: 'Palworld server, 8 GB, monthly',
		locale: 'no',
		successUrl: 'https://shop.example/no/checkout/complete?session={CHECKOUT_SESSION_ID}',
		cancelUrl: 'https://shop.example/no/cart',
		idempotencyKey: `checkout:order-1:${attempt}`,
		...change,
	};
}

describe('the Stripe adapter against the fake API', () => {
	it('creates a customer, then a payment-mode session that saves the card off-session', async () => {
		const sent = request();
		const session = await gateway.createCheckout(sent);
		expect(session.url).toMatch(/^https:\/\/checkout\.stripe\.com\/c\/pay\/cs_test_/);
		expect(session.gatewayCustomerId).toMatch(/^cus_test_/);

		const [customer, checkout] = fake.requests;
		expect(customer).toMatchObject({ method: 'POST', path: '/v1/customers' });
		expect(customer?.form).toEqual({
			email: 'kari@example.no',
			name: 'Kari Nordmann',
			metadata: { profile_id: 'prof-1' },
		});
		expect(customer?.headers['idempotency-key']).toBe(`${sent.idempotencyKey}:customer`);

		expect(checkout).toMatchObject({ method: 'POST', path: '/v1/checkout/sessions' });
		// The page closes when an unpaid order stops holding what it took (policy.unpaidHoldMinutes),
		// not after Stripe's 24 hours; its step ends the key, so a repeat in a later step is no reuse.
		// At least 30 minutes by Stripe's clock (31 by ours), rounded up to a 5-minute step.
		const lifetimeSeconds = Math.max(policy.unpaidHoldMinutes, 31) * 60;
		const expiresAt = Number(checkout?.form.expires_at);
		const step = (expiresAt - lifetimeSeconds) / 300 - 1;
		expect(Number.isInteger(step)).toBe(true);
		expect(expiresAt - Date.now() / 1000).toBeGreaterThan(lifetimeSeconds - 5);
		expect(expiresAt - Date.now() / 1000).toBeLessThanOrEqual(lifetimeSeconds + 300);
		expect(checkout?.headers['idempotency-key']).toBe(`${sent.idempotencyKey}:page-${step}`);
		expect(checkout?.headers['stripe-version']).toBe(Stripe.API_VERSION);
		expect(checkout?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
		const ids = { invoice_id: sent.invoiceId, order_id: sent.orderId };
		expect(checkout?.form).toEqual({
			mode: 'payment',
			customer: session.gatewayCustomerId,
			client_reference_id: sent.orderId,
			currency: 'nok',
			line_items: [
				{
					quantity: '1',
					price_data: {
						currency: 'nok',
						unit_amount: '12900',
						product_data: { name: sent.description },
					},
				},
			],
			allowed_payment_method_types: ['card'],
			payment_method_options: { card: { setup_future_usage: 'off_session' } },
			payment_intent_data: { description: sent.description, metadata: ids },
			metadata: ids,
			locale: 'nb',
			expires_at: String(expiresAt),
			success_url: sent.successUrl,
			cancel_url: sent.cancelUrl,
		});
	});

	it('reuses a known customer and saves nothing for a single-use wallet', async () => {
		const known = await fake
			.client()
			.customers.create({ email: 'a@example.dk' }, { idempotencyKey: 'seed-customer-1' });
		fake.requests.length = 0;
		const sent = request({
			currency: 'DKK',
			method: 'mobilepay',
			locale: 'da',
			customer: { profileId: 'p', email: 'a@example.dk', name: 'A', gatewayCustomerId: known.id },
		});
		const session = await gateway.createCheckout(sent);
		expect(session.gatewayCustomerId).toBe(known.id);
		expect(fake.requests.map((r) => r.path)).toEqual(['/v1/checkout/sessions']);
		const form = fake.requests[0]?.form ?? {};
		expect(form).toMatchObject({
			customer: known.id,
			allowed_payment_method_types: ['mobilepay'],
			locale: 'da',
		});
		expect(form).not.toHaveProperty('payment_method_options');
	});

	it('returns the same session when the same request is retried with its key', async () => {
		const sent = request();
		const first = await gateway.createCheckout(sent);
		const again = await gateway.createCheckout(sent);
		expect(again).toEqual(first);
		expect(fake.customers.has(first.gatewayCustomerId ?? '')).toBe(true);
	});

	it('surfaces a key reused with other parameters as Stripe does', async () => {
		const sent = request();
		await gateway.createCheckout(sent);
		await expect(gateway.createCheckout({ ...sent, amount: 13_900 })).rejects.toThrow(
			Stripe.errors.StripeIdempotencyError,
		);
	});

	it('replaces a remembered customer Stripe no longer knows (another mode, deleted)', async () => {
		const sent = request({
			customer: {
				profileId: 'p2',
				email: 'b@example.de',
				name: 'B',
				gatewayCustomerId: 'cus_from_live_mode',
			},
		});
		const session = await gateway.createCheckout(sent);
		expect(session.gatewayCustomerId).toMatch(/^cus_test_/);
		const keys = fake.requests.map((r) => r.headers['idempotency-key']);
		const page = /:page-\d+$/.exec(String(keys[0]))?.[0];
		expect(keys).toEqual([
			`${sent.idempotencyKey}${page}`,
			`${sent.idempotencyKey}:replacement-customer`,
			`${sent.idempotencyKey}:replacement-session${page}`,
		]);
	});

	it('says so when the account has not enabled the chosen method', async () => {
		fake.disable('paypal');
		await expect(gateway.createCheckout(request({ method: 'paypal' }))).rejects.toThrow(
			PaymentConfigError,
		);
	});

	it('sends nothing for a request the matrix refuses', async () => {
		await expect(
			gateway.createCheckout(request({ currency: 'USD', method: 'mobilepay' })),
		).rejects.toThrow(/not offered/);
		expect(fake.requests).toEqual([]);
	});

	it('is refused by the fake for what Stripe refuses (so the fake is strict enough to trust)', async () => {
		const client = fake.client();
		const older = fake.client({ apiVersion: '2026-08-26.dahlia' as Stripe.LatestApiVersion });
		await expect(older.customers.create({}, { idempotencyKey: 'older-1' })).rejects.toThrow(
			/Stripe-Version/,
		);
		await expect(
			client.checkout.sessions.create({ mode: 'payment', success_url: 'https://x.example' }),
		).rejects.toThrow(/Missing required param: line_items/);
		const legacy = {
			mode: 'payment',
			success_url: 'https://x.example',
			payment_method_types: ['card'],
		} as Stripe.Checkout.SessionCreateParams;
		await expect(client.checkout.sessions.create(legacy)).rejects.toThrow(
			/unknown parameter: payment_method_types/,
		);
	});
});
