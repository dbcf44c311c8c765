import {
	invalid,
	missing,
	notFound,
	unknownParam,
	type Json,
	type Reply,
} from './stripe-fake-form';

// The objects the fake API keeps (customers, Checkout Sessions, payment intents) and the checks
// Stripe makes on creating them, as far as the adapter uses them.

export function createStripeObjects() {
	const customers = new Map<string, Json>();
	const sessions = new Map<string, Json>();
	const intents = new Map<string, Json>();
	/** The methods "enabled in the Dashboard", which allowed_payment_method_types filters. */
	const enabled = new Set(['card', 'paypal', 'mobilepay']);
	let serial = 0;
	const nextId = (prefix: string) => `${prefix}_test_${++serial}`;

	function createCustomer(form: Json): Reply {
		const unknown = Object.keys(form).find((k) => !['email', 'name', 'metadata'].includes(k));
		if (unknown) return unknownParam(unknown);
		const customer = { id: nextId('cus'), object: 'customer', ...form };
		customers.set(customer.id, customer);
		return { status: 200, body: customer };
	}

	function lineItemsTotal(items: { quantity?: string; price_data?: Json }[], currency: string) {
		let total = 0;
		for (const [i, item] of items.entries()) {
			const price = item.price_data ?? {};
			if (!price.currency || !price.unit_amount)
				return missing(`line_items[${i}][price_data][unit_amount]`);
			if (!(price.product_data as Json | undefined)?.name)
				return missing(`line_items[${i}][price_data][product_data][name]`);
			if (price.currency !== currency) return invalid('All line items must share one currency.');
			total += Number(price.unit_amount) * Number(item.quantity ?? 1);
		}
		return total;
	}

	function createSession(form: Json): Reply {
		// Removed in 2026-09-30.endive; allowed_payment_method_types took its place.
		if ('payment_method_types' in form) return unknownParam('payment_method_types');
		if (!form.mode) return missing('mode');
		if (!form.success_url) return missing('success_url');
		// A page lives 30 minutes to 24 hours from its creation, by Stripe's clock.
		if (form.expires_at !== undefined) {
			const left = Number(form.expires_at) - Math.floor(Date.now() / 1000);
			if (!Number.isInteger(left) || left < 30 * 60)
				return invalid(
					'The `expires_at` timestamp must be at least 30 minutes from Checkout Session creation.',
					{ param: 'expires_at' },
				);
			if (left > 24 * 60 * 60)
				return invalid(
					'The `expires_at` timestamp must be less than 24 hours from Checkout Session creation.',
					{ param: 'expires_at' },
				);
		}
		const items = form.line_items as { quantity?: string; price_data?: Json }[] | undefined;
		if (!items?.length) return missing('line_items');
		const currency = (form.currency ?? items[0]?.price_data?.currency) as string;
		const total = lineItemsTotal(items, currency);
		if (typeof total !== 'number') return total;
		const customer = form.customer as string | undefined;
		if (customer && !customers.has(customer))
			return invalid(`No such customer: '${customer}'`, {
				code: 'resource_missing',
				param: 'customer',
			});
		const options = (form.payment_method_options ?? {}) as Record<string, Json>;
		if ((options.mobilepay?.setup_future_usage ?? 'none') !== 'none')
			return invalid('MobilePay cannot be set up for future usage.');
		const allowed = (form.allowed_payment_method_types as string[] | undefined) ?? [...enabled];
		const id = nextId('cs');
		const session = {
			id,
			object: 'checkout.session',
			url: `https://checkout.stripe.com/c/pay/${id}`,
			mode: form.mode,
			status: 'open',
			payment_status: 'unpaid',
			currency,
			amount_total: total,
			customer: customer ?? null,
			client_reference_id: form.client_reference_id ?? null,
			metadata: form.metadata ?? {},
			payment_intent: null,
			// The filter drops, silently, what is not enabled or not presentable in the currency.
			payment_method_types: allowed.filter(
				(m) => enabled.has(m) && !(m === 'mobilepay' && currency === 'usd'),
			),
			locale: form.locale ?? null,
			success_url: form.success_url,
			cancel_url: form.cancel_url ?? null,
			// Stripe's default: 24 hours.
			expires_at: Number(form.expires_at ?? Math.floor(Date.now() / 1000) + 24 * 60 * 60),
			livemode: false,
		};
		sessions.set(id, session);
		return { status: 200, body: session };
	}

	/** What Stripe does when the customer pays on its page: an intent, a saved card, 'paid'. */
	function pay(sessionId: string, type: 'card' | 'paypal' | 'mobilepay' = 'card'): Json {
		const session = sessions.get(sessionId);
		if (!session) throw new Error(`No session ${sessionId}`);
		// Stripe's page of an expired session takes no payment.
		if (session.status !== 'open')
			throw new Error(`Session ${sessionId} is ${String(session.status)}`);
		const card = {
			brand: 'visa',
			last4: '4242',
			exp_month: 12,
			exp_year: 2031,
			fingerprint: 'fpVisa4242',
		};
		const method = { id: nextId('pm'), object: 'payment_method', type };
		const intent = {
			id: nextId('pi'),
			object: 'payment_intent',
			amount: session.amount_total,
			amount_received: session.amount_total,
			currency: session.currency,
			status: 'succeeded',
			metadata: session.metadata,
			payment_method:
				type === 'card'
					? { ...method, card, customer: session.customer }
					: { ...method, customer: null },
		};
		intents.set(intent.id, intent);
		return Object.assign(session, {
			status: 'complete',
			payment_status: 'paid',
			payment_intent: intent.id,
		});
	}

	/** POST /v1/checkout/sessions/:id/expire: only an open session can be expired. */
	function expireSession(sessionId: string): Reply {
		const session = sessions.get(sessionId);
		if (!session) return notFound(`No such checkout.session: '${sessionId}'`);
		if (session.status !== 'open')
			return invalid(
				`Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${String(session.status)}".`,
			);
		return { status: 200, body: Object.assign(session, { status: 'expired' }) };
	}

	function retrieve(path: string, expand: string[]): Reply {
		const intentId = /^\/v1\/payment_intents\/([^/]+)$/.exec(path)?.[1];
		if (intentId) {
			const intent = intents.get(intentId);
			return intent
				? { status: 200, body: intent }
				: notFound(`No such payment_intent: '${intentId}'`);
		}
		const sessionId = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(path)?.[1] ?? '';
		const session = sessions.get(sessionId);
		if (!session) return notFound(`No such checkout.session: '${sessionId}'`);
		const intent = intents.get(String(session.payment_intent));
		const expanded = expand.includes('payment_intent.payment_method') && intent;
		return { status: 200, body: expanded ? { ...session, payment_intent: intent } : session };
	}

	return {
		customers,
		sessions,
		intents,
		enabled,
		createCustomer,
		createSession,
		expireSession,
		pay,
		retrieve,
	};
}
