import Stripe from 'stripe';
import type { CardSetupRequest, PaymentEvent } from './types';

// Saving a card without a payment at Stripe: a Checkout Session in setup mode for the profile's
// Stripe customer. Its completion is reported as 'card_saved' only after the session is read back
// from the API with a setup intent that succeeded with a card, as payments are (stripe-events.ts).

export function setupParams(
	request: CardSetupRequest,
	customer: string,
	locale: Stripe.Checkout.SessionCreateParams.Locale,
) {
	// The session's copy is what its webhook carries; the intent's is what its Dashboard page shows.
	const metadata = { profile_id: request.customer.profileId };
	return {
		mode: 'setup',
		customer,
		// Renewals charge cards only. Naming the type also stands in for `currency`, which setup mode
		// otherwise requires.
		allowed_payment_method_types: ['card'],
		metadata,
		setup_intent_data: { metadata },
		locale,
		success_url: request.successUrl,
		cancel_url: request.cancelUrl,
	} satisfies Stripe.Checkout.SessionCreateParams;
}

const idOf = (value: string | { id: string } | null | undefined) =>
	typeof value === 'string' ? value : value?.id;

/** The card a completed setup session saved, as the API has it now; null when it saved none. */
export async function cardSavedFromSession(
	client: Stripe,
	eventId: string,
	sessionId: string,
): Promise<PaymentEvent | null> {
	const session = await client.checkout.sessions.retrieve(sessionId, {
		expand: ['setup_intent.payment_method'],
	});
	const profileId = session.metadata?.profile_id;
	if (session.mode !== 'setup' || !profileId || !session.setup_intent) return null;
	const intent = session.setup_intent;
	if (typeof intent === 'string')
		throw new Error(`Stripe returned session ${sessionId} without its setup intent expanded`);
	const method = typeof intent.payment_method === 'object' ? intent.payment_method : null;
	// Anything short of a card that is set up (declined, needing 3-D Secure still) saves nothing.
	if (intent.status !== 'succeeded' || method?.type !== 'card' || !method.card) return null;
	const customerId = idOf(session.customer) ?? idOf(intent.customer);
	return {
		kind: 'card_saved',
		eventId,
		gateway: 'stripe',
		profileId,
		savedMethod: {
			gatewayMethodId: method.id,
			...(method.card.fingerprint ? { fingerprint: method.card.fingerprint } : {}),
			brand: method.card.brand,
			last4: method.card.last4,
			expMonth: method.card.exp_month,
			expYear: method.card.exp_year,
		},
		...(customerId ? { gatewayCustomerId: customerId } : {}),
	};
}

/**
 * Stripe's answers for a method that is already unusable: unknown here (deleted, or from the
 * other mode), or no longer attached to a customer. The latter has no error code, only its message.
 */
const isGone = (error: unknown) =>
	error instanceof Stripe.errors.StripeInvalidRequestError &&
	(error.code === 'resource_missing' || /not attached to a customer/i.test(error.message));

export async function detachMethod(client: Stripe, methodId: string): Promise<void> {
	try {
		await client.paymentMethods.detach(methodId);
	} catch (error) {
		if (!isGone(error)) throw error;
	}
}
