import {
	invalid,
	missing,
	notFound,
	unknownParam,
	type Json,
	type Reply,
} from './stripe-fake-form';

// Checkout in setup mode, its setup intents and the payment methods they save, in the fake API,
// checked as Stripe checks them: no line items or payment intent data in setup mode, a currency
// unless the payment method types are named, an existing customer; and a detach refused for a
// method Stripe does not know (404) or that no customer holds any more (400, without a code).

const setupParams = [
	'mode',
	'customer',
	'currency',
	'allowed_payment_method_types',
	'metadata',
	'setup_intent_data',
	'locale',
	'success_url',
	'cancel_url',
	'client_reference_id',
];

export type SetupOutcome = 'card' | 'paypal' | 'processing';

export function createStripeSetup(customers: Map<string, Json>, enabled: Set<string>) {
	const sessions = new Map<string, Json>();
	const intents = new Map<string, Json>();
	const methods = new Map<string, Json>();
	let serial = 0;
	const nextId = (prefix: string) => `${prefix}_test_setup_${++serial}`;

	function createSession(form: Json): Reply {
		for (const param of ['line_items', 'payment_intent_data'])
			if (param in form)
				return invalid(`You can not pass \`${param}\` in \`setup\` mode.`, { param });
		const unknown = Object.keys(form).find((key) => !setupParams.includes(key));
		if (unknown) return unknownParam(unknown);
		if (!form.success_url) return missing('success_url');
		const allowed = form.allowed_payment_method_types as string[] | undefined;
		if (!allowed?.length && !form.currency) return missing('currency');
		const customer = form.customer as string | undefined;
		if (customer && !customers.has(customer))
			return invalid(`No such customer: '${customer}'`, {
				code: 'resource_missing',
				param: 'customer',
			});
		const intent = {
			id: nextId('seti'),
			object: 'setup_intent',
			status: 'requires_payment_method',
			usage: 'off_session',
			customer: customer ?? null,
			payment_method: null,
			metadata: (form.setup_intent_data as Json | undefined)?.metadata ?? {},
		};
		intents.set(intent.id, intent);
		const id = nextId('cs');
		const session = {
			id,
			object: 'checkout.session',
			url: `https://checkout.stripe.com/c/pay/${id}`,
			mode: 'setup',
			status: 'open',
			payment_status: 'no_payment_required',
			currency: form.currency ?? null,
			amount_total: null,
			customer: customer ?? null,
			metadata: form.metadata ?? {},
			payment_intent: null,
			setup_intent: intent.id,
			payment_method_types: (allowed ?? [...enabled]).filter((m) => enabled.has(m)),
			locale: form.locale ?? null,
			success_url: form.success_url,
			cancel_url: form.cancel_url ?? null,
			livemode: false,
		};
		sessions.set(id, session);
		return { status: 200, body: session };
	}

	/** What Stripe does when the customer finishes the setup page; the session as its event has it. */
	function completeSetup(sessionId: string, outcome: SetupOutcome = 'card'): Json {
		const session = sessions.get(sessionId);
		if (!session) throw new Error(`No setup session ${sessionId}`);
		const type = outcome === 'paypal' ? 'paypal' : 'card';
		const card = {
			brand: 'mastercard',
			last4: '4444',
			exp_month: 3,
			exp_year: 2030,
			fingerprint: 'fpMc4444',
		};
		const method = {
			id: nextId('pm'),
			object: 'payment_method',
			type,
			customer: session.customer,
			...(type === 'card' ? { card } : {}),
		};
		methods.set(method.id, method);
		const intent = intents.get(String(session.setup_intent))!;
		Object.assign(intent, {
			status: outcome === 'processing' ? 'processing' : 'succeeded',
			payment_method: method.id,
		});
		return Object.assign(session, { status: 'complete' });
	}

	/** GET of a setup session, setup intent or saved method; null for anything else. */
	function retrieve(path: string, expand: string[]): Reply | null {
		const [, kind = '', id = ''] =
			/^\/v1\/(checkout\/sessions|setup_intents|payment_methods)\/([^/]+)$/.exec(path) ?? [];
		const expanded = (intent: Json, withMethod: boolean) =>
			withMethod && typeof intent.payment_method === 'string'
				? { ...intent, payment_method: methods.get(intent.payment_method) }
				: intent;
		if (kind === 'checkout/sessions' && sessions.has(id)) {
			const session = sessions.get(id)!;
			const intent = intents.get(String(session.setup_intent))!;
			if (!expand.some((field) => field.startsWith('setup_intent')))
				return { status: 200, body: session };
			const setupIntent = expanded(intent, expand.includes('setup_intent.payment_method'));
			return { status: 200, body: { ...session, setup_intent: setupIntent } };
		}
		if (kind === 'setup_intents') {
			const intent = intents.get(id);
			if (!intent) return notFound(`No such setupintent: '${id}'`);
			return { status: 200, body: expanded(intent, expand.includes('payment_method')) };
		}
		if (kind === 'payment_methods')
			return methods.has(id)
				? { status: 200, body: methods.get(id)! }
				: notFound(`No such PaymentMethod: '${id}'`);
		return null;
	}

	function detach(id: string): Reply {
		const method = methods.get(id);
		if (!method)
			return invalid(
				`No such PaymentMethod: '${id}'`,
				{ code: 'resource_missing', param: 'payment_method' },
				404,
			);
		if (!method.customer)
			return invalid(
				'The payment method you provided is not attached to a customer so detachment is impossible.',
			);
		method.customer = null;
		return { status: 200, body: method };
	}

	return { sessions, intents, methods, createSession, completeSetup, retrieve, detach };
}
