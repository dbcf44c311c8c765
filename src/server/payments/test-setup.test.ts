import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from './errors';
import {
	createTestGateway,
	readTestSession,
	readTestSetup,
	signTestWebhook,
	testCardWebhookFor,
} from './test-gateway';
import type { CardSetupRequest } from './types';

const secret = 'a-test-gateway-secret-of-32-chars-or-more';
const gateway = createTestGateway(secret);

const request: CardSetupRequest = {
	customer: { profileId: '5d2c6f0e-8a54-4c1e-9f0a-3b7e2d1c0a01', email: 'a@example.dk', name: 'A' },
	locale: 'da',
	successUrl: 'http://127.0.0.1:4321/da/panel/billing/payment-methods?added=1',
	cancelUrl: 'http://127.0.0.1:4321/da/panel/billing/payment-methods',
	idempotencyKey: 'card-setup:1',
};

async function opened(idempotencyKey = request.idempotencyKey) {
	const made = await gateway.createCardSetup({ ...request, idempotencyKey });
	const setup = readTestSetup(made.sessionId, secret);
	if (!setup) throw new Error('no setup');
	return setup;
}

describe('saving a card on the test gateway', () => {
	it('sends the customer to its TEST MODE card page on our own site, in their language', async () => {
		const session = await gateway.createCardSetup(request);
		const url = new URL(session.url);
		expect(url.origin).toBe('http://127.0.0.1:4321');
		expect(url.pathname).toBe('/da/checkout/test-gateway/card');
		expect(url.searchParams.get('session')).toBe(session.sessionId);
		expect(session).not.toHaveProperty('gatewayCustomerId');
		expect(readTestSetup(session.sessionId, secret)).toMatchObject({
			profileId: request.customer.profileId,
			successUrl: request.successUrl,
			cancelUrl: request.cancelUrl,
		});
	});

	it('never takes a setup token for a payment, or a forged one for either', async () => {
		const { sessionId } = await gateway.createCardSetup(request);
		expect(readTestSession(sessionId, secret)).toBeNull();
		expect(readTestSetup(sessionId, 'another-secret-of-at-least-32-chars')).toBeNull();
		const [payload = '', signature = ''] = sessionId.split('.');
		const decoded = JSON.parse(Buffer.from(payload, 'base64url').toString());
		const elsewhere = { ...decoded, successUrl: 'https://evil.example/' };
		const forged = Buffer.from(JSON.stringify(elsewhere)).toString('base64url');
		expect(readTestSetup(`${forged}.${signature}`, secret)).toBeNull();
	});

	it('saves the test Visa, or the card that declines renewals, once per setup', async () => {
		const setup = await opened();
		expect((await opened()).sid).toBe(setup.sid);
		const visa = signTestWebhook(testCardWebhookFor(setup, 'visa'), { secret });
		await expect(gateway.parseWebhook(visa.rawBody, new Headers(visa.headers))).resolves.toEqual({
			kind: 'card_saved',
			eventId: expect.stringMatching(/^tgevt_/),
			gateway: 'test',
			profileId: request.customer.profileId,
			savedMethod: {
				gatewayMethodId: `tgpm_${setup.sid}`,
				fingerprint: 'tgfp_4242',
				brand: 'visa',
				last4: '4242',
				expMonth: 12,
				expYear: 2034,
			},
		});
		const declining = testCardWebhookFor(setup, 'declining').savedMethod;
		expect(declining).toMatchObject({ last4: '0341', expMonth: 12, expYear: 2034 });
		// Another card number, so another saved card; each setup of one card names it the same.
		expect(declining.fingerprint).toBe('tgfp_0341');
		expect(testCardWebhookFor(await opened('again'), 'visa').savedMethod.fingerprint).toBe(
			'tgfp_4242',
		);
		const charge = { invoiceId: 'i', amount: 100, currency: 'EUR' as const, description: 'd' };
		const refused = await gateway.chargeSaved({
			...charge,
			gatewayCustomerId: null,
			methodId: declining.gatewayMethodId,
			idempotencyKey: 'renewal-1',
		});
		expect(refused).toEqual({ ok: false, reason: 'card_declined' });
	});

	it('refuses a card webhook its signature does not cover, and detaches anything', async () => {
		const signed = signTestWebhook(testCardWebhookFor(await opened(), 'visa'), { secret });
		const altered = signed.rawBody.replace('4242', '1111');
		await expect(gateway.parseWebhook(altered, new Headers(signed.headers))).rejects.toThrow(
			WebhookSignatureError,
		);
		await expect(gateway.detachMethod('tgpm_anything')).resolves.toBeUndefined();
	});
});
