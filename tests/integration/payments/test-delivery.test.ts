import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readPaymentConfig } from '../../../src/server/payments/config';
import {
	deliverTestCardWebhook,
	deliverTestWebhook,
} from '../../../src/server/payments/test-delivery';
import {
	createTestGateway,
	readTestSession,
	readTestSetup,
} from '../../../src/server/payments/test-gateway';
import type { PaymentEvent } from '../../../src/server/payments/types';

// The TEST MODE page's Pay, over real HTTP on loopback: signed by the delivery, verified by the
// gateway on the receiving side exactly as the webhook route does.

const env = { SUPABASE_SERVICE_ROLE_KEY: 'service-role-key-of-this-install', PORT: '' };
const config = readPaymentConfig(env);
const secret = config.gateway === 'test' ? config.secret : '';
const gateway = createTestGateway(secret);
const received: { path: string; event?: PaymentEvent; error?: string }[] = [];
let answer = 200;
let port = 0;

const server = createServer((req, res) => {
	const chunks: Buffer[] = [];
	req.on('data', (chunk: Buffer) => chunks.push(chunk));
	req.on('end', () => {
		const headers = new Headers(req.headers as Record<string, string>);
		gateway
			.parseWebhook(Buffer.concat(chunks).toString(), headers)
			.then(
				(event) => received.push({ path: req.url ?? '', event }),
				(error: Error) => received.push({ path: req.url ?? '', error: error.name }),
			)
			.finally(() => res.writeHead(answer).end());
	});
});

beforeAll(async () => {
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	port = (server.address() as AddressInfo).port;
	env.PORT = String(port);
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function session() {
	const { sessionId } = await gateway.createCheckout({
		invoiceId: '2c9a1f0e-3b7d-4e6f-8a1b-9c0d2e4f6a8b',
		orderId: '3d8b2e1f-4c6a-4f7e-9b2c-0d1e3f5a7b9c',
		amount: 4_500,
		currency: 'SEK',
		method: 'paypal',
		customer: { profileId: 'p', email: 'e@example.se', name: 'E' },
		description: 'Rust server, 6 GB, monthly',
		locale: 'en',
		successUrl: `http://127.0.0.1:${port}/checkout/complete`,
		cancelUrl: `http://127.0.0.1:${port}/cart`,
		idempotencyKey: 'checkout:delivery:1',
	});
	const opened = readTestSession(sessionId, secret);
	if (!opened) throw new Error('unreadable session');
	return opened;
}

describe('delivering the test webhook to our own site', () => {
	it('posts a Pay the webhook route verifies and reads as paid', async () => {
		await expect(deliverTestWebhook(await session(), 'pay', env)).resolves.toBe(true);
		expect(received.at(-1)).toMatchObject({
			path: '/api/payments/test/webhook',
			event: { kind: 'paid', amount: 4_500, currency: 'SEK', method: 'paypal' },
		});
		await deliverTestWebhook(await session(), 'decline', env);
		expect(received.at(-1)?.event).toMatchObject({ kind: 'failed', reason: 'declined' });
	});

	it('posts a saved card, the test Visa or the one that declines renewals', async () => {
		const { sessionId } = await gateway.createCardSetup({
			customer: { profileId: 'p', email: 'e@example.se', name: 'E' },
			locale: 'en',
			successUrl: `http://127.0.0.1:${port}/panel/billing/payment-methods?added=1`,
			cancelUrl: `http://127.0.0.1:${port}/panel/billing/payment-methods`,
			idempotencyKey: 'card-setup:delivery:1',
		});
		const setup = readTestSetup(sessionId, secret);
		if (!setup) throw new Error('unreadable setup');
		await expect(deliverTestCardWebhook(setup, 'visa', env)).resolves.toBe(true);
		expect(received.at(-1)?.event).toMatchObject({
			kind: 'card_saved',
			profileId: 'p',
			savedMethod: { gatewayMethodId: `tgpm_${setup.sid}`, last4: '4242', expYear: 2034 },
		});
		await deliverTestCardWebhook(setup, 'declining', env);
		expect(received.at(-1)?.event).toMatchObject({
			kind: 'card_saved',
			savedMethod: { gatewayMethodId: `tgpm_${setup.sid}_decline`, last4: '0341' },
		});
	});

	it('reports a webhook that was not taken', async () => {
		answer = 500;
		await expect(deliverTestWebhook(await session(), 'pay', env)).resolves.toBe(false);
		answer = 200;
	});

	it('posts to the configured origin, whatever the request named', async () => {
		const before = received.length;
		const elsewhere = { ...env, PUBLIC_SITE_URL: 'http://127.0.0.1:9' };
		await expect(deliverTestWebhook(await session(), 'pay', elsewhere)).resolves.toBe(false);
		expect(received.length).toBe(before);
		const here = { ...env, PUBLIC_SITE_URL: `http://localhost:${port}` };
		await expect(deliverTestWebhook(await session(), 'pay', here)).resolves.toBe(true);
		expect(received.length).toBe(before + 1);
	});
});
