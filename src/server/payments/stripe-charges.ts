import Stripe from 'stripe';
import type { ChargeResult, OffSessionCharge, RefundRequest } from './types';

// What the billing run asks of Stripe without the customer present: a renewal charged to the saved
// card off-session, and money given back under the money-back guarantee. Both are keyed by the
// caller, so a retried request never charges or refunds twice.

/** Marks our renewal charges' payment intents, whose own events settle the invoice. */
export const offSessionMarker = { charge: 'off_session' } as const;

/** A saved card charged and confirmed at once, with the customer absent. */
function offSessionParams(charge: OffSessionCharge) {
	return {
		amount: charge.amount,
		currency: charge.currency.toLowerCase(),
		...(charge.gatewayCustomerId ? { customer: charge.gatewayCustomerId } : {}),
		payment_method: charge.methodId,
		off_session: true,
		confirm: true,
		// Confirming with the Dashboard's methods needs a return_url unless redirects are off; with no
		// customer present there is nowhere to return to, so only methods that never redirect.
		automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
		description: charge.description,
		metadata: { invoice_id: charge.invoiceId, ...offSessionMarker },
	} satisfies Stripe.PaymentIntentCreateParams;
}

export async function chargeSaved(client: Stripe, charge: OffSessionCharge): Promise<ChargeResult> {
	try {
		const intent = await client.paymentIntents.create(offSessionParams(charge), {
			idempotencyKey: charge.idempotencyKey,
		});
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

/** Refunds (part of) a payment; Stripe refuses more than the payment took. */
export async function refund(
	client: Stripe,
	request: RefundRequest,
): Promise<{ refundId: string }> {
	const made = await client.refunds.create(
		{
			payment_intent: request.paymentId,
			amount: request.amount,
			reason: 'requested_by_customer',
			metadata: { invoice_id: request.invoiceId },
		},
		{ idempotencyKey: request.idempotencyKey },
	);
	return { refundId: made.id };
}
