import Stripe from 'stripe';
import { PaymentConfigError } from './errors';
import { checkCheckoutRequest, methodsFor } from './methods';
import { toPaymentEvent } from './stripe-events';
import { verifyEvent } from './stripe-signature';
import { chargeSaved, refund } from './stripe-charges';
import { closeCheckout } from './stripe-close';
import { probeStripe } from './stripe-probe';
import { detachMethod, setupParams } from './stripe-setup';
import type { CheckoutRequest, CheckoutSession, PaymentGateway } from './types';
import type { PaymentMethodKind } from '../../lib/domain/payment-method';
import { policy } from '../../lib/policy';

// Stripe Checkout in payment mode, one session per invoice. Renewals are ours to charge, so a card
// is saved off-session for them; wallets cannot be. Setup mode saves a card without a payment. The
// API version is the one the SDK pins (the webhook endpoint must be created with the same one:
// README).

export interface StripeGatewayOptions {
	secretKey: string;
	webhookSecrets: readonly string[];
	/** Tests pass a client pointed at a fake of api.stripe.com. */
	client?: Stripe;
}

const checkoutLocale = { en: 'en', no: 'nb', da: 'da', de: 'de' } as const;

/** Pages are opened in steps of 5 minutes: the same request within one step is the same request. */
const pageStepSeconds = 300;

/**
 * When a new payment page closes: as long as an unpaid order holds what it took (its VPS
 * addresses, its subdomain label; policy.unpaidHoldMinutes), instead of Stripe's 24 hours, and
 * never under the 30 minutes Stripe allows (by its own clock: 31). Rounded up to the step's end,
 * so a repeated request (a double click) sends the same parameters under its idempotency key; a
 * repeat in the next step gets a key of its own (the step's), so Stripe never refuses it as a
 * reuse with other parameters.
 */
function pageExpiry(nowMs = Date.now()): { expiresAt: number; step: number } {
	const step = Math.floor(nowMs / 1000 / pageStepSeconds);
	const lifetime = Math.max(policy.unpaidHoldMinutes, 31) * 60;
	return { step, expiresAt: (step + 1) * pageStepSeconds + lifetime };
}

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

/**
 * Where to send the browser; refused when the account has not enabled `method` (the filter drops
 * it without an error).
 */
function opened(
	session: Stripe.Checkout.Session,
	method: PaymentMethodKind,
	customer: string,
): CheckoutSession {
	if (!session.url) throw new Error(`Stripe returned session ${session.id} without a URL`);
	if (!session.payment_method_types.includes(method))
		throw new PaymentConfigError(
			`Stripe does not offer ${method} here: enable it under Settings → Payment methods`,
		);
	return { sessionId: session.id, url: session.url, gatewayCustomerId: customer };
}

const isMissingCustomer = (error: unknown) =>
	error instanceof Stripe.errors.StripeInvalidRequestError &&
	error.code === 'resource_missing' &&
	error.param === 'customer';

export function createStripeGateway(options: StripeGatewayOptions): PaymentGateway {
	const client = options.client ?? createStripeClient(options.secretKey);

	async function createCustomer(who: CheckoutRequest['customer'], key: string): Promise<string> {
		const { profileId, email, name } = who;
		// Blank fields are left out: Checkout then asks for them and stores them on the customer.
		const customer = await client.customers.create(
			{
				...(email ? { email } : {}),
				...(name ? { name } : {}),
				metadata: { profile_id: profileId },
			},
			{ idempotencyKey: key },
		);
		return customer.id;
	}

	/**
	 * A Checkout Session for the profile's Stripe customer, made first when it has none; `page`
	 * ends the session's keys (pageExpiry's step).
	 */
	async function openSession(
		who: CheckoutRequest['customer'],
		key: string,
		params: (customer: string) => Stripe.Checkout.SessionCreateParams,
		method: PaymentMethodKind,
		page = '',
	): Promise<CheckoutSession> {
		const open = async (customer: string, idempotencyKey: string) =>
			opened(
				await client.checkout.sessions.create(params(customer), { idempotencyKey }),
				method,
				customer,
			);
		const known = who.gatewayCustomerId;
		try {
			return await open(known || (await createCustomer(who, `${key}:customer`)), `${key}${page}`);
		} catch (error) {
			// A remembered customer from the other mode (test vs live) or deleted in the Dashboard:
			// make a new one rather than leave the customer unable to pay.
			if (!known || !isMissingCustomer(error)) throw error;
			// Keys of their own: one key used on two endpoints is refused as a reuse.
			const fresh = await createCustomer(who, `${key}:replacement-customer`);
			return open(fresh, `${key}:replacement-session${page}`);
		}
	}

	return {
		name: 'stripe',
		methodsFor,
		async createCheckout(request) {
			checkCheckoutRequest(request);
			const { expiresAt, step } = pageExpiry();
			const params = (customer: string) => ({
				...sessionParams(request, customer),
				expires_at: expiresAt,
			});
			const { customer, idempotencyKey: key, method } = request;
			return await openSession(customer, key, params, method, `:page-${step}`);
		},
		createCardSetup(request) {
			const locale = checkoutLocale[request.locale];
			const params = (customer: string) => setupParams(request, customer, locale);
			return openSession(request.customer, request.idempotencyKey, params, 'card');
		},
		closeCheckout: (sessionId) => closeCheckout(client, sessionId),
		detachMethod: (methodId) => detachMethod(client, methodId),
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
		refund: (request) => refund(client, request),
		probe: () => probeStripe(client),
	};
}
