import Stripe from 'stripe';
import { WebhookSignatureError } from './errors';

// A Stripe webhook is believed only when one of the endpoint's secrets signed its raw body recently.

/** The verified event; WebhookSignatureError when no configured secret signs it recently. */
export function verifyEvent(
	client: Stripe,
	rawBody: string,
	header: string | null,
	secrets: readonly string[],
): Stripe.Event {
	if (!header) throw new WebhookSignatureError('No Stripe-Signature header');
	let reason = 'No webhook secret is configured';
	for (const secret of secrets) {
		try {
			// Default tolerance (300 s): older deliveries are refused as possible replays.
			return client.webhooks.constructEvent(rawBody, header, secret);
		} catch (error) {
			if (!(error instanceof Stripe.errors.StripeSignatureVerificationError)) throw error;
			reason = error.message;
		}
	}
	throw new WebhookSignatureError(reason);
}
