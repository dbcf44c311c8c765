import { invalid, missing, notFound, type Json, type Reply } from './stripe-fake-form';

// Off-session payment intents and refunds in the fake API, checked as Stripe checks them: a saved
// method that declines (its id says `decline`, as Stripe's test card 4000 0000 0000 0341 does)
// answers 402 card_error, and a refund never exceeds what the payment took.

export function createStripePayments(nextId: (prefix: string) => string) {
	const intents = new Map<string, Json>();
	const refunded = new Map<string, number>();

	function createIntent(form: Json): Reply {
		for (const field of ['amount', 'currency', 'payment_method'])
			if (!form[field]) return missing(field);
		if (form.confirm !== 'true' || form.off_session !== 'true')
			return invalid('The fake only confirms off-session intents');
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
