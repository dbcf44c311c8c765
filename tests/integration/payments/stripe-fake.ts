import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { decodeForm, invalid, type Json, type Reply } from './stripe-fake-form';
import { createStripeObjects } from './stripe-fake-objects';
import { createStripePayments } from './stripe-fake-payments';
import { createStripeSetup } from './stripe-fake-setup';

// A stand-in for api.stripe.com, in process on loopback, strict the way Stripe is about what the
// adapter sends: the secret key, the SDK's pinned Stripe-Version, form-encoded bodies, and an
// Idempotency-Key on every POST (the first answer replayed for the same parameters, a refusal for
// different ones). Tests read what was sent from `requests`.

export interface Recorded {
	method: string;
	path: string;
	headers: IncomingMessage['headers'];
	form: Json;
}

export const fakeSecretKey = 'sk_test_fake';

/** Stripe's 401s quote the refused key masked but for its prefix and last four characters. */
function refusedKey(authorization: string | undefined): Reply {
	const key = authorization?.replace(/^Bearer /, '') ?? '';
	if (!key) return invalid('You did not provide an API key.', {}, 401);
	const masked = `${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}`;
	return invalid(`Invalid API Key provided: ${masked}`, {}, 401);
}

/** GET /v1/balance for a new test account: nothing available, nothing pending. */
const balance = {
	object: 'balance',
	available: [{ amount: 0, currency: 'eur', source_types: { card: 0 } }],
	pending: [{ amount: 0, currency: 'eur', source_types: { card: 0 } }],
	livemode: false,
};

const reuseRefused: Reply = {
	status: 400,
	body: {
		error: {
			type: 'idempotency_error',
			message:
				'Keys for idempotent requests can only be used with the same parameters they were first used with.',
		},
	},
};

export async function startStripeFake() {
	const objects = createStripeObjects();
	let serial = 0;
	const payments = createStripePayments((prefix) => `${prefix}_fake_${++serial}`, objects.intents);
	const setup = createStripeSetup(objects.customers, objects.enabled);
	const requests: Recorded[] = [];
	const replies = new Map<string, Reply & { fingerprint: string }>();

	const posts: Record<string, (form: Json) => Reply> = {
		'/v1/customers': objects.createCustomer,
		'/v1/checkout/sessions': (form) =>
			form.mode === 'setup' ? setup.createSession(form) : objects.createSession(form),
		'/v1/payment_intents': payments.createIntent,
		'/v1/refunds': payments.createRefund,
	};

	function route(req: IncomingMessage, url: URL, raw: string): Reply {
		if (req.headers.authorization !== `Bearer ${fakeSecretKey}`)
			return refusedKey(req.headers.authorization);
		if (req.headers['stripe-version'] !== Stripe.API_VERSION)
			return invalid(`Stripe-Version ${String(req.headers['stripe-version'])} is not pinned`);
		if (req.method === 'GET' && url.pathname === '/v1/balance')
			return { status: 200, body: balance };
		if (req.method === 'GET') {
			const expand = [...url.searchParams.values()];
			return setup.retrieve(url.pathname, expand) ?? objects.retrieve(url.pathname, expand);
		}
		if (!req.headers['content-type']?.startsWith('application/x-www-form-urlencoded'))
			return invalid('Bodies are form-encoded');
		const key = req.headers['idempotency-key'];
		if (typeof key !== 'string' || !key) return invalid('The fake insists on an Idempotency-Key');
		const fingerprint = `${url.pathname}\n${raw}`;
		const seen = replies.get(key);
		if (seen) return seen.fingerprint === fingerprint ? seen : reuseRefused;
		const form = decodeForm(raw);
		const detached = /^\/v1\/payment_methods\/([^/]+)\/detach$/.exec(url.pathname)?.[1];
		const expired = /^\/v1\/checkout\/sessions\/([^/]+)\/expire$/.exec(url.pathname)?.[1];
		const answer = detached
			? setup.detach(detached)
			: expired
				? objects.expireSession(expired)
				: (posts[url.pathname]?.(form) ?? invalid('Unrecognized request URL', {}, 404));
		// Stripe keeps no answer for a request its validation refused: a corrected retry may reuse the key.
		if (answer.status < 400) replies.set(key, { ...answer, fingerprint });
		return answer;
	}

	const server = createServer((req, res) => {
		const chunks: Buffer[] = [];
		req.on('data', (chunk: Buffer) => chunks.push(chunk));
		req.on('end', () => {
			const raw = Buffer.concat(chunks).toString();
			const url = new URL(req.url ?? '/', 'http://127.0.0.1');
			requests.push({
				method: req.method ?? '',
				path: url.pathname,
				headers: req.headers,
				form: decodeForm(raw),
			});
			const { status, body } = route(req, url, raw);
			res.writeHead(status, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const { port } = server.address() as AddressInfo;

	return {
		requests,
		customers: objects.customers,
		pay: objects.pay,
		/** The customer finished a setup page: a card saved (or not) for them; the session's event body. */
		completeSetup: setup.completeSetup,
		/** Saved payment methods by id, with the customer each is attached to (null once detached). */
		methods: setup.methods,
		disable: (method: string) => objects.enabled.delete(method),
		enable: (method: string) => objects.enabled.add(method),
		/**
		 * A real SDK client whose every call goes to the fake (no retries: failures show at once),
		 * with the fake's key unless told another.
		 */
		client: (config: Stripe.StripeConfig = {}, secretKey = fakeSecretKey) =>
			new Stripe(secretKey, {
				host: '127.0.0.1',
				port,
				protocol: 'http',
				maxNetworkRetries: 0,
				...config,
			}),
		close: () => new Promise<void>((done) => server.close(() => done())),
	};
}

export type StripeFake = Awaited<ReturnType<typeof startStripeFake>>;
