import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIContext } from 'astro';
import Stripe from 'stripe';
import type { User } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as FulfilmentModule from '../../../src/server/billing/payment-events/handle.ts';
import type * as MoneyBackModule from '../../../src/server/billing/refund/money-back.ts';
import { isLocale, useTranslations } from '../../../src/i18n';
import { createStripeGateway } from '../../../src/server/payments/stripe.ts';
import { placedOrder } from '../checkout/paid-service.ts';
import {
	createTestGateway,
	readTestSession,
	signTestWebhook,
	testWebhookFor,
} from '../../../src/server/payments/test-gateway.ts';
import type { CheckoutSession, PaymentGateway } from '../../../src/server/payments/types.ts';
import { origin, renewalLine, startBillingStack, type BillingStack } from '../billing/fixture.ts';
import { messages } from '../local-stack/helpers.ts';
import { startStripeFake, type StripeFake } from './stripe-fake.ts';

// Issue 26, items 3 and 4: a payment that arrives for an invoice that is not payable (cancelled by
// a money-back refund, or already paid by another payment) changes nothing on the invoice or the
// service; it is given back in full through the gateway it came by, recorded as a refund, and the
// customer is told by mail. Run against both gateways: the test gateway, and Stripe through the fake.

let b: BillingStack;
let fake: StripeFake;
let owner: User;
let handlePaymentEvent: typeof FulfilmentModule.handlePaymentEvent;
let requestMoneyBack: typeof MoneyBackModule.requestMoneyBack;

const webhookSecret = 'whsec_unpayable';
const testSecret = 'unpayable-test-gateway-secret-0123456789';

beforeAll(async () => {
	b = await startBillingStack();
	fake = await startStripeFake();
	({ handlePaymentEvent } = await import('../../../src/server/billing/payment-events/handle.ts'));
	({ requestMoneyBack } = await import('../../../src/server/billing/refund/money-back.ts'));
	owner = (await b.p.owner.auth.getUser()).data.user!;
}, 60_000);

afterAll(async () => {
	await fake?.close();
	await b?.stop();
});

interface Harness {
	gateway: PaymentGateway;
	/** The customer pays `session` at the gateway: the verified event its webhook carries. */
	pay(session: CheckoutSession): Promise<Parameters<typeof handlePaymentEvent>[0]>;
	/** The refunds the gateway was asked for: payment id and amount. */
	refunds(): { paymentId: string; amount: number }[];
}

const testRefunds: { paymentId: string; amount: number }[] = [];

const harnesses: Record<'test' | 'stripe', () => Harness> = {
	test: () => {
		const gateway = createTestGateway(testSecret);
		const refund = gateway.refund.bind(gateway);
		return {
			gateway: {
				...gateway,
				refund: (request) => {
					testRefunds.push({ paymentId: request.paymentId, amount: request.amount });
					return refund(request);
				},
			},
			async pay(session) {
				const opened = readTestSession(session.sessionId, testSecret)!;
				const signed = signTestWebhook(testWebhookFor(opened, 'pay'), { secret: testSecret });
				return gateway.parseWebhook(signed.rawBody, new Headers(signed.headers));
			},
			refunds: () => testRefunds,
		};
	},
	stripe: () => {
		const gateway = createStripeGateway({
			secretKey: 'sk_test_fake',
			webhookSecrets: [webhookSecret],
			client: fake.client(),
		});
		return {
			gateway,
			async pay({ sessionId }) {
				const payload = JSON.stringify({
					id: `evt_${sessionId}`,
					object: 'event',
					api_version: Stripe.API_VERSION,
					created: Math.floor(Date.now() / 1000),
					type: 'checkout.session.completed',
					data: { object: fake.pay(sessionId) },
				});
				const header = Stripe.webhooks.generateTestHeaderString({ payload, secret: webhookSecret });
				return gateway.parseWebhook(payload, new Headers({ 'Stripe-Signature': header }));
			},
			refunds: () =>
				fake.requests
					.filter((r) => r.method === 'POST' && r.path === '/v1/refunds')
					.map((r) => ({
						paymentId: String(r.form.payment_intent),
						amount: Number(r.form.amount),
					})),
		};
	},
};

let serial = 0;
const checkout = (gateway: PaymentGateway, invoice: { id: string; total: number }) =>
	gateway.createCheckout({
		invoiceId: invoice.id,
		orderId: invoice.id,
		amount: invoice.total,
		currency: 'EUR',
		method: 'card',
		customer: { profileId: owner.id, email: owner.email!, name: 'Demo Kunde' },
		description: 'Palworld server',
		locale: 'en',
		successUrl: `${origin}/checkout/complete?session={CHECKOUT_SESSION_ID}`,
		cancelUrl: `${origin}/cart`,
		idempotencyKey: `unpayable-${++serial}-${Date.now()}`,
	});

/** A first order (8.00 EUR + 25 % VAT), unpaid. */
const placeOrder = (key: string) => placedOrder(b.p, owner.id, key);

const invoiceNamed = async (id: string) =>
	(
		await b.p.service
			.from('invoices')
			.select('number, status, total, transactions(kind, amount, gateway_reference)')
			.eq('id', id)
			.single()
	).data!;

/** The mails telling the owner a payment for invoice `number` was given back, in their language. */
async function mailsAbout(number: string) {
	const { data } = await b.p.service
		.from('profiles')
		.select('preferred_locale')
		.eq('id', owner.id)
		.single();
	const t = useTranslations(isLocale(data?.preferred_locale) ? data.preferred_locale : 'en');
	const subject = t('mail.unpayable.subject', { number });
	return (await messages(b.p.stack)).filter(
		(m) => m.to.includes(owner.email!) && m.subject === subject,
	);
}

describe.each(['test', 'stripe'] as const)('through the %s gateway', (name) => {
	let harness: Harness;
	beforeAll(() => {
		harness = harnesses[name]();
	});

	it('gives back a renewal paid after a money-back refund cancelled it, and keeps the service ended', async () => {
		const id = await b.activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
		const issued = await b.p.service.rpc('issue_renewal_invoice', {
			service: id,
			at: '2027-02-21T12:00:00Z',
			period_end: '2027-03-31T12:00:00Z',
			amounts: { tax_rate: 25, tax: 200 },
			description: 'Palworld server, renewal',
			line: renewalLine,
		});
		const renewal = (issued.data as { invoice_id: string }).invoice_id;
		const session = await checkout(harness.gateway, { id: renewal, total: 1000 });
		const refused = await requestMoneyBack(b.admin, owner, id, 'Changed my mind', new Date());
		expect(refused).toMatchObject({ total: 1000 });
		expect((await invoiceNamed(renewal)).status).toBe('cancelled');

		const event = await harness.pay(session);
		expect(event).toMatchObject({ kind: 'paid', invoiceId: renewal, amount: 1000 });
		await handlePaymentEvent(event, origin, harness.gateway);
		// Delivered again (gateways deliver at least once): still one refund.
		await handlePaymentEvent(event, origin, harness.gateway);

		const after = await invoiceNamed(renewal);
		expect(after.status).toBe('cancelled');
		const paymentId = event.kind === 'paid' ? event.paymentId : '';
		expect(after.transactions).toEqual(
			expect.arrayContaining([
				{ kind: 'payment', amount: 1000, gateway_reference: paymentId },
				{ kind: 'refund', amount: 1000, gateway_reference: `refund:${paymentId}` },
			]),
		);
		expect(after.transactions).toHaveLength(2);
		const service = (
			await b.p.service.from('services').select('status, current_period_end').eq('id', id).single()
		).data;
		expect(service).toMatchObject({ status: 'terminated' });
		expect(new Date(service!.current_period_end).toISOString()).toBe('2027-02-28T12:00:00.000Z');
		expect(harness.refunds().filter((r) => r.paymentId === paymentId)).toEqual([
			{ paymentId, amount: 1000 },
		]);
		expect(await mailsAbout(after.number)).toHaveLength(1);
	});

	it('keeps one of two payments for one order and gives the other back in full', async () => {
		const { invoice_id: invoice, service_id: service } = await placeOrder(
			`double-${name}-${Date.now()}`,
		);
		// The order's first payment link, and a second from POST /api/orders/{id}/pay.
		const first = await checkout(harness.gateway, { id: invoice, total: 1000 });
		const second = await checkout(harness.gateway, { id: invoice, total: 1000 });
		const events = await Promise.all([harness.pay(first), harness.pay(second)]);
		// Both at once: the invoice's lock lets exactly one of them pay it.
		await Promise.all(events.map((event) => handlePaymentEvent(event, origin, harness.gateway)));

		const after = await invoiceNamed(invoice);
		expect(after.status).toBe('paid');
		const ids = events.map((event) => (event.kind === 'paid' ? event.paymentId : ''));
		const payments = after.transactions.filter((t) => t.kind === 'payment');
		const refunds = after.transactions.filter((t) => t.kind === 'refund');
		expect(payments.map((t) => t.gateway_reference).toSorted()).toEqual(ids.toSorted());
		expect(refunds).toHaveLength(1);
		expect(refunds[0]!.amount).toBe(1000);
		const given = String(refunds[0]?.gateway_reference).replace(/^refund:/, '');
		expect(ids).toContain(given);
		expect(harness.refunds().filter((r) => ids.includes(r.paymentId))).toEqual([
			{ paymentId: given, amount: 1000 },
		]);
		expect(await mailsAbout(after.number)).toHaveLength(1);

		// The money-back guarantee refunds the payment that paid, not the one already given back.
		const kept = ids.find((id) => id !== given)!;
		const back = await requestMoneyBack(
			b.admin,
			owner,
			service,
			'Two tabs',
			new Date(),
			harness.gateway,
		);
		expect(back).toMatchObject({ total: 1000 });
		expect(harness.refunds().filter((r) => ids.includes(r.paymentId))).toEqual([
			{ paymentId: given, amount: 1000 },
			{ paymentId: kept, amount: 1000 },
		]);
	});
});

describe('the test gateway’s payment page for an invoice no longer payable', () => {
	it('shows why instead of Pay, and its Pay button delivers nothing', async () => {
		const { getPaymentGateway } = await import('../../../src/server/payments/index.ts');
		const { loadTestCheckout } = await import('../../../src/server/payments/test-page.ts');
		const { POST } = await import('../../../src/pages/api/payments/test/pay.ts');
		// Where the Pay button's webhook would go (this site on PORT): any delivery is counted.
		const delivered: string[] = [];
		const site = createServer((req, res) => {
			delivered.push(req.url ?? '');
			res.writeHead(200).end();
		});
		await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
		const { port } = site.address() as AddressInfo;
		const before = process.env.PORT;
		process.env.PORT = String(port);
		try {
			const id = await b.activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
			const issued = await b.p.service.rpc('issue_renewal_invoice', {
				service: id,
				at: '2027-02-21T12:00:00Z',
				period_end: '2027-03-31T12:00:00Z',
				amounts: { tax_rate: 25, tax: 200 },
				description: 'Palworld server, renewal',
				line: renewalLine,
			});
			const renewal = (issued.data as { invoice_id: string }).invoice_id;
			const session = await checkout(getPaymentGateway(), { id: renewal, total: 1000 });
			expect((await loadTestCheckout(renewal, session.sessionId, 'en')).view).toBe('ready');
			await requestMoneyBack(b.admin, owner, id, 'Changed my mind', new Date());

			expect((await loadTestCheckout(renewal, session.sessionId, 'en')).view).toBe('closed');
			const url = new URL(`http://127.0.0.1:${port}/api/payments/test/pay`);
			const form = new FormData();
			form.set('session', session.sessionId);
			form.set('action', 'pay');
			form.set('locale', 'de');
			const request = new Request(url, { method: 'POST', body: form });
			const answer = await POST({ request, url } as unknown as APIContext);
			expect(answer.status).toBe(303);
			expect(answer.headers.get('location')).toBe(
				`/de/checkout/test-gateway/${renewal}?session=${encodeURIComponent(session.sessionId)}`,
			);
			expect(delivered).toEqual([]);
			expect((await invoiceNamed(renewal)).status).toBe('cancelled');
		} finally {
			process.env.PORT = before;
			if (before === undefined) delete process.env.PORT;
			site.close();
		}
	});
});

describe('a Stripe Checkout page for an invoice a money-back refund cancelled', () => {
	it('is expired at Stripe, so it no longer takes a payment', async () => {
		const stripe = harnesses.stripe().gateway;
		// The fixture's first payment was taken by the test gateway: it refunds that one.
		const test = createTestGateway(testSecret);
		const gateway: PaymentGateway = { ...stripe, refund: (request) => test.refund(request) };
		const id = await b.activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
		const issued = await b.p.service.rpc('issue_renewal_invoice', {
			service: id,
			at: '2027-02-21T12:00:00Z',
			period_end: '2027-03-31T12:00:00Z',
			amounts: { tax_rate: 25, tax: 200 },
			description: 'Palworld server, renewal',
			line: renewalLine,
		});
		const renewal = (issued.data as { invoice_id: string }).invoice_id;
		const session = await checkout(stripe, { id: renewal, total: 1000 });
		// As startPayment records the session it sent the customer to.
		await b.p.service
			.from('invoices')
			.update({ gateway: 'stripe', gateway_session_id: session.sessionId })
			.eq('id', renewal);
		await requestMoneyBack(b.admin, owner, id, 'Changed my mind', new Date(), gateway);

		const expired = fake.requests.filter(
			(r) => r.method === 'POST' && r.path === `/v1/checkout/sessions/${session.sessionId}/expire`,
		);
		expect(expired).toHaveLength(1);
		expect(() => fake.pay(session.sessionId)).toThrow(/expired/);
	});
});

describe('a Stripe Checkout page for an invoice another payment has paid', () => {
	it('is expired at Stripe once the invoice is paid', async () => {
		const stripe = harnesses.stripe();
		const { invoice_id: invoice } = await placeOrder(`expire-${Date.now()}`);
		const first = await checkout(stripe.gateway, { id: invoice, total: 1000 });
		const second = await checkout(stripe.gateway, { id: invoice, total: 1000 });
		// As startPayment records the session it sent the customer to last.
		await b.p.service
			.from('invoices')
			.update({ gateway: 'stripe', gateway_session_id: second.sessionId })
			.eq('id', invoice);
		await handlePaymentEvent(await stripe.pay(first), origin, stripe.gateway);

		expect((await invoiceNamed(invoice)).status).toBe('paid');
		expect(() => fake.pay(second.sessionId)).toThrow(/expired/);
	});
});
