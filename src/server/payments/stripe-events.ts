import Stripe from 'stripe';
import { logger } from '../log/logger';
import { cardSavedFromSession } from './stripe-setup';
import type { PaymentEvent } from './types';
import type { PaymentMethodKind } from '../../lib/domain/payment-method';

// Stripe's webhook events as the port's PaymentEvent. Stripe delivers at least once and in any
// order, so nothing here trusts the payload's snapshot for money: a payment is reported 'paid' (a
// card 'card_saved') only after the session is read back from the API and says so now.

const gateway = 'stripe';

const idOf = (value: string | { id: string } | null | undefined) =>
	typeof value === 'string' ? value : value?.id;

/** Cards, and card wallets (Apple Pay, Google Pay) that Stripe reports as cards, are 'card'. */
const kindOf = (type: string | undefined): PaymentMethodKind =>
	type === 'paypal' || type === 'mobilepay' ? type : 'card';

const ignored = ({ id, type }: Stripe.Event): PaymentEvent => ({
	kind: 'ignored',
	eventId: id,
	gateway,
	type,
});

async function paidFromSession(client: Stripe, event: Stripe.Event, id: string) {
	const expand = ['payment_intent.payment_method'];
	const session = await client.checkout.sessions.retrieve(id, { expand });
	const invoiceId = session.metadata?.invoice_id;
	// 'unpaid' after completion means a delayed method is still settling: its own event follows.
	if (!invoiceId || session.mode !== 'payment' || session.payment_status !== 'paid')
		return ignored(event);
	const intent = session.payment_intent;
	if (!intent || typeof intent === 'string')
		throw new Error(`Stripe returned session ${id} without its payment intent expanded`);
	const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
	const card = method?.card;
	// Attached to the customer means Stripe saved it (card + setup_future_usage): renewals may use it.
	const savedMethod =
		method?.customer && card
			? {
					gatewayMethodId: method.id,
					...(card.fingerprint ? { fingerprint: card.fingerprint } : {}),
					brand: card.brand,
					last4: card.last4,
					expMonth: card.exp_month,
					expYear: card.exp_year,
				}
			: undefined;
	const customerId = idOf(session.customer);
	return {
		kind: 'paid',
		eventId: event.id,
		gateway,
		invoiceId,
		amount: session.amount_total ?? intent.amount_received,
		currency: (session.currency ?? intent.currency).toUpperCase(),
		paymentId: intent.id,
		method: kindOf(method?.type ?? session.payment_method_types[0]),
		...(savedMethod ? { savedMethod } : {}),
		...(customerId ? { gatewayCustomerId: customerId } : {}),
	} satisfies PaymentEvent;
}

async function refundedFromCharge(client: Stripe, event: Stripe.ChargeRefundedEvent) {
	const charge = event.data.object;
	const paymentId = idOf(charge.payment_intent);
	if (!paymentId) return ignored(event);
	// Charges do not always carry the payment intent's metadata; the intent does.
	const invoiceId =
		charge.metadata?.invoice_id ??
		(await client.paymentIntents.retrieve(paymentId)).metadata?.invoice_id;
	if (!invoiceId) return ignored(event);
	return {
		kind: 'refunded',
		eventId: event.id,
		gateway,
		invoiceId,
		amount: charge.amount_refunded,
		currency: charge.currency.toUpperCase(),
		paymentId,
	} satisfies PaymentEvent;
}

/** A renewal charged off-session that settled after our call returned (e.g. 'processing'). */
async function paidFromIntent(client: Stripe, event: Stripe.PaymentIntentSucceededEvent) {
	const snapshot = event.data.object;
	if (snapshot.metadata?.charge !== 'off_session' || !snapshot.metadata.invoice_id)
		return ignored(event); // Checkout's own intents are settled through their session's events
	const intent = await client.paymentIntents.retrieve(snapshot.id);
	if (intent.status !== 'succeeded') return ignored(event);
	return {
		kind: 'paid',
		eventId: event.id,
		gateway,
		invoiceId: snapshot.metadata.invoice_id,
		amount: intent.amount_received,
		currency: intent.currency.toUpperCase(),
		paymentId: intent.id,
		method: 'card',
	} satisfies PaymentEvent;
}

async function readEvent(client: Stripe, event: Stripe.Event): Promise<PaymentEvent> {
	const failed = (invoiceId: string | undefined, reason: string): PaymentEvent =>
		invoiceId ? { kind: 'failed', eventId: event.id, gateway, invoiceId, reason } : ignored(event);
	switch (event.type) {
		case 'checkout.session.completed': {
			const { id, mode } = event.data.object;
			// A setup session saves a card and takes no payment (a session's mode never changes).
			if (mode !== 'setup') return paidFromSession(client, event, id);
			return (await cardSavedFromSession(client, event.id, id)) ?? ignored(event);
		}
		case 'checkout.session.async_payment_succeeded':
			return paidFromSession(client, event, event.data.object.id);
		case 'checkout.session.async_payment_failed':
			return failed(event.data.object.metadata?.invoice_id, 'async_payment_failed');
		case 'payment_intent.payment_failed': {
			const { metadata, last_payment_error: error } = event.data.object;
			return failed(metadata?.invoice_id, error?.decline_code ?? error?.code ?? 'payment_failed');
		}
		case 'payment_intent.succeeded':
			return paidFromIntent(client, event);
		case 'charge.refunded':
			return refundedFromCharge(client, event);
		default:
			return ignored(event);
	}
}

/** A read-back that answers 404: an object of the other mode (test and live events sharing one endpoint) or another account's. */
const isUnreadable = (error: unknown) =>
	error instanceof Stripe.errors.StripeInvalidRequestError &&
	error.statusCode === 404 &&
	error.code === 'resource_missing';

export async function toPaymentEvent(client: Stripe, event: Stripe.Event): Promise<PaymentEvent> {
	try {
		return await readEvent(client, event);
	} catch (error) {
		// Not ours to settle, and never readable with this key: acknowledged (2xx) so Stripe stops
		// retrying it for days; logged so a wrong key or endpoint shows up.
		if (!isUnreadable(error)) throw error;
		logger.warn('stripe event for an object this key cannot read: acknowledged', {
			eventId: event.id,
			type: event.type,
			livemode: event.livemode,
			error: error instanceof Error ? error.message : String(error),
		});
		return ignored(event);
	}
}
