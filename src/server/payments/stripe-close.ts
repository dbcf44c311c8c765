import Stripe from 'stripe';
import { logger } from '../log/logger';

// Closing a Checkout page whose invoice can no longer be paid (cancelled by a money-back refund):
// Stripe would otherwise take a payment on it for up to 24 hours. A payment that slips through
// anyway is given back (billing/payment-events/give-back.ts); this only spares the customer the round trip.

/** Expires an open Checkout Session; one no longer open (paid, expired) or unknown is left be. */
export async function closeCheckout(client: Stripe, sessionId: string): Promise<void> {
	try {
		await client.checkout.sessions.expire(sessionId);
	} catch (error) {
		// Stripe refuses to expire a session that is not open (400), or one it does not know (404):
		// either way it takes no payment now.
		if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) throw error;
		logger.info('stripe checkout session not expired: not open', {
			sessionId,
			error: error.message,
		});
	}
}
