import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from './errors';
import { createStripeGateway } from './stripe';

// Webhooks signed by the SDK's own test helper, with payloads in the documented shapes; the API
// reads a 'paid' event needs are answered in process (no network), by path.

const secret = 'whsec_unit_test_secret';
const invoiceId = '0b9d6c1e-6f4c-4c52-9a57-1c1f3e0f7a11';
const metadata = { invoice_id: invoiceId, order_id: '5f1c0c4e-2a5e-4b7e-8a0f-6a2f8b9c0d12' };

function sessionObject(overrides: Record<string, unknown> = {}) {
	return {
		id: 'cs_test_a1',
		object: 'checkout.session',
		mode: 'payment',
		status: 'complete',
		payment_status: 'paid',
		amount_total: 12_900,
		currency: 'dkk',
		customer: 'cus_A1',
		client_reference_id: metadata.order_id,
		metadata,
		payment_intent: 'pi_A1',
		payment_method_types: ['card'],
		livemode: false,
		...overrides,
	};
}

const cardMethod = {
	id: 'pm_A1',
	object: 'payment_method',
	type: 'card',
	customer: 'cus_A1',
	card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031, fingerprint: 'fpVisa4242' },
};

const intent = (paymentMethod: unknown) => ({
	id: 'pi_A1',
	object: 'payment_intent',
	amount: 12_900,
	amount_received: 12_900,
	currency: 'dkk',
	metadata,
	payment_method: paymentMethod,
	status: 'succeeded',
});

/** A client whose API answers come from `routes` (path → JSON); anything else is a 404. */
function gatewayAnswering(routes: Record<string, unknown>, secrets = [secret]) {
	const seen: string[] = [];
	const fetchFn = (input: string | URL | Request): Promise<Response> => {
		const url = new URL(input instanceof Request ? input.url : input);
		seen.push(`${url.pathname}${decodeURIComponent(url.search)}`);
		const body = routes[url.pathname];
		return Promise.resolve(
			body
				? Response.json(body)
				: Response.json(
						{
							error: {
								type: 'invalid_request_error',
								code: 'resource_missing',
								message: `No such object: '${url.pathname.split('/').at(-1)}'`,
							},
						},
						{ status: 404 },
					),
		);
	};
	const client = new Stripe('sk_test_unit', {
		httpClient: Stripe.createFetchHttpClient(fetchFn),
		maxNetworkRetries: 0,
	});
	return {
		seen,
		gateway: createStripeGateway({ secretKey: 'sk_test_unit', webhookSecrets: secrets, client }),
	};
}

function signed(
	type: string,
	object: unknown,
	options: { secret?: string; timestamp?: number } = {},
) {
	const payload = JSON.stringify({
		id: `evt_${type.replaceAll('.', '_')}`,
		object: 'event',
		api_version: Stripe.API_VERSION,
		created: Math.floor(Date.now() / 1000),
		livemode: false,
		pending_webhooks: 1,
		request: { id: null, idempotency_key: null },
		type,
		data: { object },
	});
	const header = Stripe.webhooks.generateTestHeaderString({
		payload,
		secret: options.secret ?? secret,
		...(options.timestamp ? { timestamp: options.timestamp } : {}),
	});
	return { payload, headers: new Headers({ 'Stripe-Signature': header }) };
}

describe('Stripe webhooks', () => {
	it('reports a completed, paid session as paid, after reading it back with its card', async () => {
		const { gateway, seen } = gatewayAnswering({
			'/v1/checkout/sessions/cs_test_a1': sessionObject({ payment_intent: intent(cardMethod) }),
		});
		const { payload, headers } = signed('checkout.session.completed', sessionObject());
		await expect(gateway.parseWebhook(payload, headers)).resolves.toEqual({
			kind: 'paid',
			eventId: 'evt_checkout_session_completed',
			gateway: 'stripe',
			invoiceId,
			amount: 12_900,
			currency: 'DKK',
			paymentId: 'pi_A1',
			method: 'card',
			savedMethod: {
				gatewayMethodId: 'pm_A1',
				fingerprint: 'fpVisa4242',
				brand: 'visa',
				last4: '4242',
				expMonth: 12,
				expYear: 2031,
			},
			gatewayCustomerId: 'cus_A1',
		});
		expect(seen).toEqual([
			'/v1/checkout/sessions/cs_test_a1?expand[0]=payment_intent.payment_method',
		]);
	});

	it('does not report a completed session whose payment has not settled', async () => {
		const unpaid = sessionObject({ payment_status: 'unpaid', payment_intent: intent(null) });
		const { gateway } = gatewayAnswering({ '/v1/checkout/sessions/cs_test_a1': unpaid });
		const { payload, headers } = signed(
			'checkout.session.completed',
			sessionObject({ payment_status: 'unpaid' }),
		);
		await expect(gateway.parseWebhook(payload, headers)).resolves.toEqual({
			kind: 'ignored',
			eventId: 'evt_checkout_session_completed',
			gateway: 'stripe',
			type: 'checkout.session.completed',
		});
	});

	it('believes the API, not the payload: a snapshot saying paid is not enough', async () => {
		const { gateway } = gatewayAnswering({
			'/v1/checkout/sessions/cs_test_a1': sessionObject({
				payment_status: 'unpaid',
				payment_intent: intent(null),
			}),
		});
		const { payload, headers } = signed('checkout.session.completed', sessionObject());
		await expect(gateway.parseWebhook(payload, headers)).resolves.toMatchObject({
			kind: 'ignored',
		});
	});

	it('reports a delayed payment that succeeded, without saving a wallet', async () => {
		const paypal = {
			id: 'pm_P1',
			object: 'payment_method',
			type: 'paypal',
			customer: null,
			paypal: {},
		};
		const { gateway } = gatewayAnswering({
			'/v1/checkout/sessions/cs_test_a1': sessionObject({
				payment_intent: intent(paypal),
				payment_method_types: ['paypal'],
			}),
		});
		const { payload, headers } = signed(
			'checkout.session.async_payment_succeeded',
			sessionObject(),
		);
		const event = await gateway.parseWebhook(payload, headers);
		expect(event).toMatchObject({ kind: 'paid', method: 'paypal', paymentId: 'pi_A1', invoiceId });
		expect(event).not.toHaveProperty('savedMethod');
	});

	it('reports failed delayed payments and failed payment intents for our invoices', async () => {
		const { gateway } = gatewayAnswering({});
		const asyncFailed = signed(
			'checkout.session.async_payment_failed',
			sessionObject({ payment_status: 'unpaid' }),
		);
		await expect(gateway.parseWebhook(asyncFailed.payload, asyncFailed.headers)).resolves.toEqual({
			kind: 'failed',
			eventId: 'evt_checkout_session_async_payment_failed',
			gateway: 'stripe',
			invoiceId,
			reason: 'async_payment_failed',
		});
		const declined = {
			...intent(null),
			status: 'requires_payment_method',
			last_payment_error: {
				type: 'card_error',
				code: 'card_declined',
				decline_code: 'insufficient_funds',
			},
		};
		const failed = signed('payment_intent.payment_failed', declined);
		await expect(gateway.parseWebhook(failed.payload, failed.headers)).resolves.toMatchObject({
			kind: 'failed',
			invoiceId,
			reason: 'insufficient_funds',
		});
		const notOurs = signed('payment_intent.payment_failed', { ...declined, metadata: {} });
		await expect(gateway.parseWebhook(notOurs.payload, notOurs.headers)).resolves.toMatchObject({
			kind: 'ignored',
		});
	});

	it('reports refunds with the refunded total, finding the invoice on the payment intent', async () => {
		const { gateway, seen } = gatewayAnswering({ '/v1/payment_intents/pi_A1': intent('pm_A1') });
		const charge = {
			id: 'ch_A1',
			object: 'charge',
			amount: 12_900,
			amount_refunded: 4_000,
			currency: 'dkk',
			refunded: false,
			payment_intent: 'pi_A1',
			metadata: {},
		};
		const { payload, headers } = signed('charge.refunded', charge);
		await expect(gateway.parseWebhook(payload, headers)).resolves.toEqual({
			kind: 'refunded',
			eventId: 'evt_charge_refunded',
			gateway: 'stripe',
			invoiceId,
			amount: 4_000,
			currency: 'DKK',
			paymentId: 'pi_A1',
		});
		expect(seen).toEqual(['/v1/payment_intents/pi_A1']);
	});

	it('ignores every other event type', async () => {
		const { gateway, seen } = gatewayAnswering({});
		const { payload, headers } = signed(
			'checkout.session.expired',
			sessionObject({ status: 'expired' }),
		);
		await expect(gateway.parseWebhook(payload, headers)).resolves.toMatchObject({
			kind: 'ignored',
			type: 'checkout.session.expired',
		});
		expect(seen).toEqual([]);
	});

	it('refuses a wrong secret, a tampered body, an old delivery and a missing header', async () => {
		const { gateway } = gatewayAnswering({});
		const wrong = signed('checkout.session.completed', sessionObject(), { secret: 'whsec_other' });
		await expect(gateway.parseWebhook(wrong.payload, wrong.headers)).rejects.toThrow(
			WebhookSignatureError,
		);
		const good = signed('checkout.session.completed', sessionObject());
		const tampered = good.payload.replace('12900', '1');
		await expect(gateway.parseWebhook(tampered, good.headers)).rejects.toThrow(
			WebhookSignatureError,
		);
		const old = signed('checkout.session.completed', sessionObject(), {
			timestamp: Math.floor(Date.now() / 1000) - 301,
		});
		await expect(gateway.parseWebhook(old.payload, old.headers)).rejects.toThrow(/tolerance/);
		await expect(gateway.parseWebhook(good.payload, new Headers())).rejects.toThrow(
			WebhookSignatureError,
		);
	});

	it('acknowledges an event for an object this key cannot read (the other mode), as ignored', async () => {
		// Test and live events sharing an endpoint: the read-back answers 404 resource_missing, and
		// an error would make Stripe retry the delivery for days.
		const { gateway, seen } = gatewayAnswering({});
		const completed = signed('checkout.session.completed', sessionObject());
		await expect(gateway.parseWebhook(completed.payload, completed.headers)).resolves.toEqual({
			kind: 'ignored',
			eventId: 'evt_checkout_session_completed',
			gateway: 'stripe',
			type: 'checkout.session.completed',
		});
		const refunded = signed('charge.refunded', {
			id: 'ch_A1',
			object: 'charge',
			amount: 12_900,
			amount_refunded: 12_900,
			currency: 'dkk',
			payment_intent: 'pi_A1',
			metadata: {},
		});
		await expect(gateway.parseWebhook(refunded.payload, refunded.headers)).resolves.toMatchObject({
			kind: 'ignored',
			type: 'charge.refunded',
		});
		expect(seen).toEqual([
			'/v1/checkout/sessions/cs_test_a1?expand[0]=payment_intent.payment_method',
			'/v1/payment_intents/pi_A1',
		]);
	});

	it('accepts any of several configured endpoint secrets', async () => {
		const { gateway } = gatewayAnswering({}, ['whsec_first', secret]);
		const { payload, headers } = signed('customer.created', { id: 'cus_A1', object: 'customer' });
		await expect(gateway.parseWebhook(payload, headers)).resolves.toMatchObject({
			kind: 'ignored',
		});
	});
});
