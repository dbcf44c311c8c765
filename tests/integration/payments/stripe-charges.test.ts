import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createStripeGateway } from '../../../src/server/payments/stripe';
import type { OffSessionCharge, PaymentGateway } from '../../../src/server/payments/types';
import { startStripeFake, type StripeFake } from './stripe-fake';

// The Stripe adapter's renewal charges and money-back refunds against the fake API.

let fake: StripeFake;
let gateway: PaymentGateway;

beforeAll(async () => {
	fake = await startStripeFake();
});
afterAll(() => fake.close());
beforeEach(() => {
	fake.requests.length = 0;
	gateway = createStripeGateway({
		secretKey: 'sk_test_fake',
		webhookSecrets: ['whsec_fake'],
		client: fake.client(),
	});
});

const charge = (change: Partial<OffSessionCharge> = {}): OffSessionCharge => ({
	invoiceId: '0b9d6c1e-6f4c-4c52-9a57-1c1f3e0f7a11',
	amount: 12_500,
	currency: 'NOK',
	gatewayCustomerId: 'cus_test_1',
	methodId: 'pm_card_visa',
	description: 'Renewal palworld-standard',
	idempotencyKey: `renewal-${Math.random()}`,
	...change,
});

describe('renewal charges and refunds at Stripe', () => {
	it('charges a saved card off-session, once per key, with the invoice in the metadata', async () => {
		const request = charge();
		const first = await gateway.chargeSaved(request);
		expect(first).toMatchObject({ ok: true });
		expect(await gateway.chargeSaved(request)).toEqual(first);
		const sent = fake.requests.filter((r) => r.path === '/v1/payment_intents');
		expect(sent[0]?.form).toMatchObject({
			amount: '12500',
			currency: 'nok',
			customer: 'cus_test_1',
			payment_method: 'pm_card_visa',
			off_session: 'true',
			confirm: 'true',
			// Without the customer there is nowhere to redirect to: only methods that need none.
			automatic_payment_methods: { enabled: 'true', allow_redirects: 'never' },
			metadata: { invoice_id: request.invoiceId, charge: 'off_session' },
		});
		expect(sent.every((r) => r.headers['idempotency-key'] === request.idempotencyKey)).toBe(true);
	});

	it('reports a declined card as a failed charge, not an error', async () => {
		expect(await gateway.chargeSaved(charge({ methodId: 'pm_card_decline' }))).toEqual({
			ok: false,
			reason: 'insufficient_funds',
		});
	});

	it('refunds a payment once per key, and never more than it took', async () => {
		const paid = await gateway.chargeSaved(charge());
		if (!paid.ok) throw new Error(paid.reason);
		const refund = {
			paymentId: paid.paymentId,
			amount: 12_500,
			currency: 'NOK',
			invoiceId: 'inv',
			idempotencyKey: 'money-back-inv',
		};
		const first = await gateway.refund(refund);
		expect(first.refundId).toMatch(/^re_/);
		expect(await gateway.refund(refund)).toEqual(first);
		await expect(gateway.refund({ ...refund, idempotencyKey: 'again' })).rejects.toThrow(
			/greater than unrefunded/,
		);
	});
});
