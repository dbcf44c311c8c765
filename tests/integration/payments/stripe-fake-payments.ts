import {
	invalid,
	missing,
	notFound,
	unknownParam,
	type Json,
	type Reply,
} from './stripe-fake-form';

// Off-session payment intents and refunds in the fake API, checked as Stripe checks them: a saved
// method that declines (its id says `decline`, as Stripe's test card 4000 0000 0000 0341 does)
// answers 402 card_error, and a refund never exceeds what the payment took. Confirming at creation
// with the Dashboard's methods (automatic_payment_methods, on unless told otherwise) needs a
// return_url unless redirects are turned off, as Stripe refuses it.

const redirectsNeedReturnUrl =
	"This PaymentIntent is configured to accept payment methods enabled in your Dashboard. Because some of these payment methods might redirect your customer off of your page, you must provide a `return_url`. If you don't want to accept redirect-based payment methods, set `automatic_payment_methods[enabled]` to `true` and `automatic_payment_methods[allow_redirects]` to `never` when creating Setup Intents and Payment Intents.";

/** Stripe's refusal when confirm=true would allow redirect methods with nowhere to return to. */
function redirectRefusal(form: Json): Reply | null {
	// Gone from this API version's PaymentIntent, as from Checkout Sessions.
	if ('payment_method_types' in form) return unknownParam('payment_method_types');
	const automatic = (form.automatic_payment_methods ?? {}) as Json;
	const restricted = Array.isArray(form.allowed_payment_method_types);
	const redirects = automatic.enabled !== 'false' && automatic.allow_redirects !== 'never';
	if (form.confirm === 'true' && !form.return_url && !restricted && redirects)
		return invalid(redirectsNeedReturnUrl, { param: 'return_url' });
	return null;
}

/** `intents` is shared with the Checkout Sessions', so their payments can be refunded too. */
export function createStripePayments(
	nextId: (prefix: string) => string,
	intents: Map<string, Json>,
) {
	const refunded = new Map<string, number>();

	function createIntent(form: Json): Reply {
		for (const field of ['amount', 'currency', 'payment_method'])
			if (!form[field]) return missing(field);
		if (form.confirm !== 'true' || form.off_session !== 'true')
			return invalid('The fake only confirms off-session intents');
		const refused = redirectRefusal(form);
		if (refused) return refused;
		const method = String(form.payment_method);
		if (method.includes('decline'))
			return {
				status: 402,
				body: {
					error: {
						type: 'card_error',
						code: 'card_declined',
						decline_code: 'insufficient_funds',
						message: 'Your card has insufficient funds.',
					},
				},
			};
		const intent = {
			id: nextId('pi'),
			object: 'payment_intent',
			status: 'succeeded',
			amount: Number(form.amount),
			amount_received: Number(form.amount),
			currency: form.currency,
			customer: form.customer ?? null,
			payment_method: method,
			metadata: form.metadata ?? {},
		};
		intents.set(intent.id, intent);
		return { status: 200, body: intent };
	}

	function createRefund(form: Json): Reply {
		const id = typeof form.payment_intent === 'string' ? form.payment_intent : '';
		if (!id) return missing('payment_intent');
		const intent = intents.get(id);
		if (!intent) return notFound(`No such payment_intent: '${id}'`);
		const taken = Number(intent.amount_received);
		const amount = form.amount === undefined ? taken : Number(form.amount);
		const before = refunded.get(String(intent.id)) ?? 0;
		if (before + amount > taken)
			return invalid(`Refund amount (${amount}) is greater than unrefunded amount on charge`);
		refunded.set(String(intent.id), before + amount);
		return {
			status: 200,
			body: {
				id: nextId('re'),
				object: 'refund',
				status: 'succeeded',
				amount,
				currency: intent.currency,
				payment_intent: intent.id,
				reason: form.reason ?? null,
				metadata: form.metadata ?? {},
			},
		};
	}

	return { intents, createIntent, createRefund };
}
