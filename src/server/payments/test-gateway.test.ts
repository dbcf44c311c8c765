import { describe, expect, it } from 'vitest';
import { PaymentRequestError, WebhookSignatureError } from './errors';
import {
	createTestGateway,
	readTestSession,
	signTestWebhook,
	testSignatureHeaderName,
	testWebhookFor,
	type TestWebhookBody,
} from './test-gateway';
import type { CheckoutRequest } from './types';

const secret = 'a-test-gateway-secret-of-32-chars-or-more';
const gateway = createTestGateway(secret);
const now = () => Math.floor(Date.now() / 1000);

const request: CheckoutRequest = {
	invoiceId: '0b9d6c1e-6f4c-4c52-9a57-1c1f3e0f7a11',
	orderId: '5f1c0c4e-2a5e-4b7e-8a0f-6a2f8b9c0d12',
	amount: 12_900,
	currency: 'DKK',
	method: 'mobilepay',
	customer: { profileId: 'p1', email: 'a@example.com', name: 'A' },
	description: 'Palworld server, 8 GB, monthly',
	locale: 'da',
	successUrl: 'http://127.0.0.1:4321/da/checkout/complete?order=o1&session={CHECKOUT_SESSION_ID}',
	cancelUrl: 'http://127.0.0.1:4321/da/checkout/complete?order=o1&cancelled=1',
	idempotencyKey: 'checkout:o1:1',
};

const body = (overrides: Partial<TestWebhookBody> = {}): TestWebhookBody => ({
	id: 'tgevt_1',
	type: 'payment.succeeded',
	invoiceId: request.invoiceId,
	amount: 12_900,
	currency: 'DKK',
	method: 'mobilepay',
	paymentId: 'tgpay_1',
	created: now(),
	...overrides,
});

function post(signedBody: { rawBody: string; headers: Record<string, string> }, rawBody?: string) {
	return gateway.parseWebhook(rawBody ?? signedBody.rawBody, new Headers(signedBody.headers));
}

describe('the test gateway', () => {
	it('sends the customer to its TEST MODE page on our own site, in their language', async () => {
		const session = await gateway.createCheckout(request);
		const url = new URL(session.url);
		expect(url.origin).toBe('http://127.0.0.1:4321');
		expect(url.pathname).toBe(`/da/checkout/test-gateway/${request.invoiceId}`);
		expect(url.searchParams.get('session')).toBe(session.sessionId);
		expect(session).not.toHaveProperty('gatewayCustomerId');
		expect(readTestSession(session.sessionId, secret)).toMatchObject({
			invoiceId: request.invoiceId,
			amount: 12_900,
			currency: 'DKK',
			method: 'mobilepay',
			successUrl: request.successUrl,
		});
	});

	it('gives a retried request the same payment id', async () => {
		const first = readTestSession((await gateway.createCheckout(request)).sessionId, secret);
		const again = readTestSession((await gateway.createCheckout(request)).sessionId, secret);
		expect(first?.sid).toBe(again?.sid);
	});

	it('trusts only session tokens it signed and that have not expired', async () => {
		const { sessionId } = await gateway.createCheckout(request);
		expect(readTestSession(sessionId, 'another-secret-of-at-least-32-chars')).toBeNull();
		const [payload = '', signature = ''] = sessionId.split('.');
		const forged = JSON.parse(Buffer.from(payload, 'base64url').toString());
		const cheaper = Buffer.from(JSON.stringify({ ...forged, amount: 1 })).toString('base64url');
		expect(readTestSession(`${cheaper}.${signature}`, secret)).toBeNull();
		expect(readTestSession('garbage', secret)).toBeNull();
	});

	it('refuses a method the currency does not offer', async () => {
		await expect(gateway.createCheckout({ ...request, currency: 'USD' })).rejects.toThrow(
			PaymentRequestError,
		);
	});

	it('round-trips signed Pay and Decline webhooks', async () => {
		await expect(post(signTestWebhook(body(), { secret }))).resolves.toEqual({
			kind: 'paid',
			eventId: 'tgevt_1',
			gateway: 'test',
			invoiceId: request.invoiceId,
			amount: 12_900,
			currency: 'DKK',
			paymentId: 'tgpay_1',
			method: 'mobilepay',
		});
		const declined = signTestWebhook(body({ type: 'payment.failed' }), { secret });
		await expect(post(declined)).resolves.toMatchObject({ kind: 'failed', reason: 'declined' });
	});

	it('builds the webhook of a session with one payment id per session', async () => {
		const session = readTestSession((await gateway.createCheckout(request)).sessionId, secret);
		if (!session) throw new Error('no session');
		const pay = testWebhookFor(session, 'pay');
		expect(pay).toMatchObject({ type: 'payment.succeeded', amount: 12_900, currency: 'DKK' });
		expect(testWebhookFor(session, 'decline').paymentId).toBe(pay.paymentId);
		expect(testWebhookFor(session, 'pay').id).not.toBe(pay.id);
	});

	it('refuses a wrong secret, a tampered body, a stale or future timestamp, a missing header', async () => {
		await expect(post(signTestWebhook(body(), { secret: 'x'.repeat(40) }))).rejects.toThrow(
			WebhookSignatureError,
		);
		const good = signTestWebhook(body(), { secret });
		await expect(post(good, good.rawBody.replace('12900', '1'))).rejects.toThrow(
			/No signature matches/,
		);
		await expect(post(signTestWebhook(body(), { secret, timestamp: now() - 301 }))).rejects.toThrow(
			/tolerance/,
		);
		await expect(post(signTestWebhook(body(), { secret, timestamp: now() + 301 }))).rejects.toThrow(
			/tolerance/,
		);
		await expect(post({ rawBody: good.rawBody, headers: {} })).rejects.toThrow(
			WebhookSignatureError,
		);
		const mangled = { ...good.headers, [testSignatureHeaderName]: 't=abc,v1=zz' };
		await expect(post({ rawBody: good.rawBody, headers: mangled })).rejects.toThrow(
			/Unable to read/,
		);
	});

	it('accepts a delivery still within five minutes', async () => {
		const recent = signTestWebhook(body(), { secret, timestamp: now() - 290 });
		await expect(post(recent)).resolves.toMatchObject({ kind: 'paid' });
	});
});
