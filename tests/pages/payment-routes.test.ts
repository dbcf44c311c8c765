import type { APIContext } from 'astro';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { POST as pay } from '../../src/pages/api/payments/test/pay';
import { POST as webhook } from '../../src/pages/api/payments/[gateway]/webhook';
import { readPaymentConfig } from '../../src/server/payments/config';
import {
	createTestGateway,
	signTestWebhook,
	testWebhookFor,
	readTestSession,
} from '../../src/server/payments/test-gateway';

// The two payment routes with fulfilment and the self-delivery stood in for: what they answer a
// gateway and a browser, and what they hand on.

const handled = vi.hoisted(() => ({
	events: [] as unknown[],
	fail: false,
	delivered: true,
	view: 'ready',
	deliveries: 0,
}));
vi.mock('../../src/server/billing/payment-events/handle', () => ({
	handlePaymentEvent: (event: unknown, origin: string) => {
		handled.events.push({ event, origin });
		return handled.fail ? Promise.reject(new Error('database down')) : Promise.resolve();
	},
}));
vi.mock('../../src/server/payments/test-delivery', () => ({
	deliverTestWebhook: () => (handled.deliveries++, Promise.resolve(handled.delivered)),
}));
// The invoice behind the session, as the page reads it from the database: only `view` matters here.
vi.mock('../../src/server/payments/test-page', () => ({
	loadTestCheckout: () => Promise.resolve({ view: handled.view }),
}));

const env = {
	SUPABASE_SERVICE_ROLE_KEY: 'routes-test-service-role-key',
	STRIPE_SECRET_KEY: '',
	STRIPE_WEBHOOK_SECRET: '',
	TEST_GATEWAY_SECRET: '',
};
const config = readPaymentConfig(env);
const secret = config.gateway === 'test' ? config.secret : '';
beforeAll(() => {
	for (const [name, value] of Object.entries(env)) vi.stubEnv(name, value);
});
afterAll(() => vi.unstubAllEnvs());
beforeEach(() => {
	handled.events.length = 0;
	handled.fail = false;
	handled.delivered = true;
	handled.view = 'ready';
	handled.deliveries = 0;
	vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

const origin = 'http://127.0.0.1:4321';
const call = (route: typeof pay, request: Request, params: Record<string, string> = {}) =>
	route({
		request,
		params,
		url: new URL(request.url),
	} as unknown as APIContext) as Promise<Response>;

async function newSession() {
	const { sessionId } = await createTestGateway(secret).createCheckout({
		invoiceId: '0b9d6c1e-6f4c-4c52-9a57-1c1f3e0f7a11',
		orderId: '5f1c0c4e-2a5e-4b7e-8a0f-6a2f8b9c0d12',
		amount: 4_900,
		currency: 'EUR',
		method: 'card',
		customer: { profileId: 'p', email: 'a@example.de', name: 'A' },
		description: 'Rust server, 6 GB, monthly',
		locale: 'de',
		successUrl: `${origin}/de/checkout/complete?session={CHECKOUT_SESSION_ID}`,
		cancelUrl: `${origin}/de/cart`,
		idempotencyKey: 'checkout:routes:1',
	});
	return sessionId;
}

function webhookRequest(gateway: string, rawBody: string, headers: Record<string, string>) {
	return new Request(`${origin}/api/payments/${gateway}/webhook`, {
		method: 'POST',
		headers,
		body: rawBody,
	});
}

describe('POST /api/payments/[gateway]/webhook', () => {
	it('verifies, hands the event to fulfilment with our origin, and answers 200', async () => {
		const session = readTestSession(await newSession(), secret);
		if (!session) throw new Error('no session');
		const { rawBody, headers } = signTestWebhook(testWebhookFor(session, 'pay'), { secret });
		const response = await call(webhook, webhookRequest('test', rawBody, headers), {
			gateway: 'test',
		});
		expect(response.status).toBe(200);
		expect(handled.events).toEqual([
			{ event: expect.objectContaining({ kind: 'paid', amount: 4_900 }), origin },
		]);
	});

	it('answers 400 to a bad signature, 404 to a gateway not in use, 500 when fulfilment fails', async () => {
		const session = readTestSession(await newSession(), secret);
		if (!session) throw new Error('no session');
		const { rawBody, headers } = signTestWebhook(testWebhookFor(session, 'pay'), { secret });
		const forged = await call(
			webhook,
			webhookRequest('test', rawBody.replace('4900', '1'), headers),
			{ gateway: 'test' },
		);
		expect(forged.status).toBe(400);
		const stripe = await call(webhook, webhookRequest('stripe', rawBody, headers), {
			gateway: 'stripe',
		});
		expect(stripe.status).toBe(404);
		expect(handled.events).toEqual([]);
		handled.fail = true;
		const failed = await call(webhook, webhookRequest('test', rawBody, headers), {
			gateway: 'test',
		});
		expect(failed.status).toBe(500);
	});
});

describe('POST /api/payments/test/pay', () => {
	const form = (fields: Record<string, string>) =>
		new Request(`${origin}/api/payments/test/pay`, {
			method: 'POST',
			body: new URLSearchParams(fields),
		});

	it('returns the browser to the success URL after Pay, the cancel URL after Decline', async () => {
		const session = await newSession();
		const paid = await call(pay, form({ session, action: 'pay', locale: 'de' }));
		expect(paid.status).toBe(303);
		expect(paid.headers.get('location')).toBe(
			`${origin}/de/checkout/complete?session=${encodeURIComponent(session)}`,
		);
		const declined = await call(pay, form({ session, action: 'decline', locale: 'de' }));
		expect(declined.headers.get('location')).toBe(`${origin}/de/cart`);
	});

	it('stays on the page with an error when the webhook was not taken', async () => {
		handled.delivered = false;
		const session = await newSession();
		const response = await call(pay, form({ session, action: 'pay', locale: 'de' }));
		expect(response.headers.get('location')).toMatch(
			/^\/de\/checkout\/test-gateway\/0b9d6c1e-[^?]+\?session=.+&error=delivery$/,
		);
	});

	it('sends nothing for an invoice that takes no payment, and shows its page', async () => {
		for (const view of ['paid', 'closed']) {
			handled.view = view;
			const session = await newSession();
			const response = await call(pay, form({ session, action: 'pay', locale: 'de' }));
			expect(response.headers.get('location')).toMatch(
				/^\/de\/checkout\/test-gateway\/0b9d6c1e-[^?]+\?session=[^&]+$/,
			);
		}
		expect(handled.deliveries).toBe(0);
	});

	it('refuses a forged session or an unknown action', async () => {
		expect((await call(pay, form({ session: 'x.y', action: 'pay' }))).status).toBe(400);
		expect((await call(pay, form({ session: await newSession(), action: 'refund' }))).status).toBe(
			400,
		);
	});
});
