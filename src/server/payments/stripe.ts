import Stripe from 'stripe';
import { PaymentConfigError } from './errors';
import { checkCheckoutRequest, methodsFor } from './methods';
import { toPaymentEvent, verifyEvent } from './stripe-events';
import type { ChargeResult, CheckoutRequest, OffSessionCharge, PaymentGateway } from './types';

// Stripe Checkout in payment mode, one session per invoice. Renewals are ours to charge, so a card
// is saved off-session for them; wallets cannot be. The API version is the one the SDK pins (the
// webhook endpoint must be created with the same one: README).

export interface StripeGatewayOptions {
	secretKey: string;
	webhookSecrets: readonly string[];
	/** Tests pass a client pointed at a fake of api.stripe.com. */
	client?: Stripe;
}

const checkoutLocale = { en: 'en', no: 'nb', da: 'da', de: 'de' } as const;

export function createStripeClient(secretKey: string, config: Stripe.StripeConfig = {}): Stripe {
	// Retries reuse the SDK's idempotency key, so a dropped connection never charges or creates twice.
	return new Stripe(secretKey, { maxNetworkRetries: 2, timeout: 20_000, ...config });
}

function sessionParams(request: CheckoutRequest, customer: string) {
	const currency = request.currency.toLowerCase();
	// Session metadata stays on the session; the payment intent's own copy is what its events carry.
	const ids = { invoice_id: request.invoiceId, order_id: request.orderId };
	const product_data = { name: request.description };
	return {
		mode: 'payment',
		customer,
		client_reference_id: request.orderId,
		currency,
		line_items: [
			{ quantity: 1, price_data: { currency, unit_amount: request.amount, product_data } },
		],
		// This API version has no payment_method_types: a one-method filter over those enabled in the
		// Dashboard is the way to show exactly the method the customer picked.
		allowed_payment_method_types: [request.method],
		// Per method rather than on the intent: MobilePay (single-use) only allows 'none'.
		...(request.method === 'card'
			? { payment_method_options: { card: { setup_future_usage: 'off_session' } } }
			: {}),
		payment_intent_data: { description: request.description, metadata: ids },
		metadata: ids,
		locale: checkoutLocale[request.locale],
		success_url: request.successUrl,
		cancel_url: request.cancelUrl,
	} satisfies Stripe.Checkout.SessionCreateParams;
}

/** Marks our renewal charges' payment intents, whose own events settle the invoice. */
export const offSessionMarker = { charge: 'off_session' } as const;

async function chargeSaved(client: Stripe, charge: OffSessionCharge): Promise<ChargeResult> {
	try {
		const intent = await client.paymentIntents.create(
			{
				amount: charge.amount,
				currency: charge.currency.toLowerCase(),
				...(charge.gatewayCustomerId ? { customer: charge.gatewayCustomerId } : {}),
				payment_method: charge.methodId,
				off_session: true,
				confirm: true,
				description: charge.description,
				metadata: { invoice_id: charge.invoiceId, ...offSessionMarker },
			},
			{ idempotencyKey: charge.idempotencyKey },
		);
		// 'processing' settles later through payment_intent.succeeded or .payment_failed.
		return intent.status === 'succeeded'
			? { ok: true, paymentId: intent.id }
			: { ok: false, reason: intent.status };
	} catch (error) {
		// A decline, or authentication_required: the customer must pay this one themselves.
		if (error instanceof Stripe.errors.StripeCardError)
			return { ok: false, reason: error.decline_code ?? error.code ?? 'card_declined' };
		throw error;
	}
}

const isMissingCustomer = (error: unknown) =>
	error instanceof Stripe.errors.StripeInvalidRequestError &&
	error.code === 'resource_missing' &&
	error.param === 'customer';

export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
	const client = options.client ?? createStripeClient(options.secretKey);

	async function createCustomer(request: CheckoutRequest, keySuffix: string): Promise<string> {
		const { profileId, email, name } = request.customer;
		// Blank fields are left out: Checkout then asks for them and stores them on the customer.
		const customer = await client.customers.create(
			{
				...(email ? { email } : {}),
				...(name ? { name } : {}),
				metadata: { profile_id: profileId },
			},
			{ idempotencyKey: `${request.idempotencyKey}:${keySuffix}` },
		);
		return customer.id;
	}

	async function createSession(request: CheckoutRequest, customer: string, key: string) {
		const session = await client.checkout.sessions.create(sessionParams(request, customer), {
			idempotencyKey: key,
		});
		if (!session.url) throw new Error(`Stripe returned session ${session.id} without a URL`);
		// The filter drops, without an error, a method the account has not enabled.
		if (!session.payment_method_types.includes(request.method))
			throw new PaymentConfigError(
				`Stripe does not offer ${request.method} here: enable it under Settings → Payment methods`,
			);
		return { sessionId: session.id, url: session.url, gatewayCustomerId: customer };
	}

	return {
		name: 'stripe',
		methodsFor,
		async createCheckout(request) {
			checkCheckoutRequest(request);
			const known = request.customer.gatewayCustomerId;
			const customer = known || (await createCustomer(request, 'customer'));
			try {
				return await createSession(request, customer, request.idempotencyKey);
			} catch (error) {
				// A remembered customer from the other mode (test vs live) or deleted in the Dashboard:
				// make a new one rather than leave the customer unable to pay.
				if (!known || !isMissingCustomer(error)) throw error;
				// Keys of their own: one key used on two endpoints is refused as a reuse.
				const fresh = await createCustomer(request, 'replacement-customer');
				return createSession(request, fresh, `${request.idempotencyKey}:replacement-session`);
			}
		},
		async parseWebhook(rawBody, headers) {
			const event = verifyEvent(
				client,
				rawBody,
				headers.get('stripe-signature'),
				options.webhookSecrets,
			);
			return toPaymentEvent(client, event);
		},
		chargeSaved: (charge) => chargeSaved(client, charge),
		async refund(request) {
			const refund = await client.refunds.create(
				{
					payment_intent: request.paymentId,
					amount: request.amount,
					reason: 'requested_by_customer',
					metadata: { invoice_id: request.invoiceId },
				},
				{ idempotencyKey: request.idempotencyKey },
			);
			return { refundId: refund.id };
		},
	};
}
