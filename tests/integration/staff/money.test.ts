import type { APIContext } from 'astro';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo } from '../data-model/personas.ts';
import { messages } from '../local-stack/helpers.ts';
import { startBillingStack, type BillingStack } from '../billing/fixture.ts';
import { currencies } from '../../../src/lib/domain/currency.ts';
import { parseMajorAmount } from '../../../src/lib/money.ts';
import type * as RefundModule from '../../../src/server/billing/refund/refund-invoice.ts';

// The staff console's money section through its API routes and the staffWrite door, on the local
// stack: refunds in full and in part with gapless credit notes and the customer mailed, the limit
// held by the database under the invoice's lock, payments flagged for review settled, service
// credit taken off the next renewal, and exactly one audit row per write (none for a refusal).

let b: BillingStack;
let refundInvoice: typeof RefundModule.refundInvoice;
const staff = { id: randomUUID(), email: 'staff-money@frostnode.example' };

beforeAll(async () => {
	b = await startBillingStack();
	({ refundInvoice } = await import('../../../src/server/billing/refund/refund-invoice.ts'));
}, 60_000);
afterAll(() => b.stop());

type Route = { POST: (context: APIContext) => Promise<Response> };
const routes = {
	refund: () => import('../../../src/pages/api/staff/invoices/[id]/refunds.ts') as Promise<Route>,
	review: () => import('../../../src/pages/api/staff/reviews/[invoiceId].ts') as Promise<Route>,
	credit: () => import('../../../src/pages/api/staff/services/[id]/credit.ts') as Promise<Route>,
};

/** What the routes answer, as far as these tests read it. */
interface Answer {
	[field: string]: unknown;
	creditNote: { number: string; total: number; currency: string };
	error: { code: string; message: string };
}

/** A POST as the door receives it from a member of staff the middleware let through. */
async function post(route: Route, params: Record<string, string>, body: Record<string, unknown>) {
	const request = new Request('http://site.test/api/staff/x', {
		method: 'POST',
		headers: { 'content-type': 'application/json', referer: 'http://site.test/da/staff/money' },
		body: JSON.stringify({ requestId: randomUUID(), ...body }),
	});
	const context = {
		request,
		params,
		locals: { staff },
		cookies: { get: () => undefined },
		url: new URL(request.url),
		rewrite: () => new Response(null, { status: 404 }),
	};
	// The route reads only these fields of the context.
	const response = await route.POST(context as unknown as APIContext);
	return { status: response.status, body: (await response.json()) as Answer };
}

const firstInvoice = async (serviceId: string) =>
	(
		await b.p.service
			.from('invoices')
			.select('id, status, total')
			.eq('service_id', serviceId)
			.eq('kind', 'new')
			.single()
	).data!;
const audits = async (subject: string) =>
	(await b.p.service.from('staff_audit').select('action, subject').eq('subject', subject)).data!;
const notes = async (invoiceId: string) =>
	(
		await b.p.service
			.from('credit_notes')
			.select('number, total, tax, subtotal')
			.eq('invoice_id', invoiceId)
			.order('number')
	).data!;
const paidService = () => b.activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
const serial = (number: string) => Number(number.slice(-6));

describe('amounts typed by staff', () => {
	it('are read in the major unit and stored as minor units, exactly', () => {
		expect(parseMajorAmount('12.50')).toBe(1250);
		expect(parseMajorAmount('12,5')).toBe(1250);
		expect(parseMajorAmount('12')).toBe(1200);
		expect(parseMajorAmount('0.01')).toBe(1);
		for (const bad of ['12.505', '-1', 'abc', '', ' ', '1e3', '1.2.3', '١٢'])
			expect(parseMajorAmount(bad)).toBeNull();
	});
	it('every currency we bill in has two decimals', () => {
		for (const currency of currencies)
			expect(
				new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions(),
			).toMatchObject({ maximumFractionDigits: 2 });
	});
});

describe('a staff refund', () => {
	it('refunds part, then the rest, with gapless credit notes; more is refused', async () => {
		const route = await routes.refund();
		const serviceId = await paidService();
		const invoice = await firstInvoice(serviceId);
		const first = await post(route, { id: invoice.id }, { amount: '2.50', reason: 'Outage' });
		expect(first.status).toBe(201);
		expect(first.body.creditNote).toMatchObject({ total: 250, currency: 'EUR' });
		// Part of it back: still paid, and the service is not touched.
		expect((await firstInvoice(serviceId)).status).toBe('paid');
		const rest = await post(route, { id: invoice.id }, { amount: '7.50', reason: 'Left us' });
		expect(rest.status).toBe(201);
		expect(serial(rest.body.creditNote.number)).toBe(serial(first.body.creditNote.number) + 1);
		const over = await post(route, { id: invoice.id }, { amount: '0.01', reason: 'More' });
		expect(over).toMatchObject({ status: 409, body: { error: { code: 'over_refund' } } });
		expect(over.body.error.message).toBe(
			'Det er mere end det, der er tilbage at refundere på denne faktura.',
		);

		expect(await notes(invoice.id)).toEqual([
			{ number: first.body.creditNote.number, total: 250, tax: 50, subtotal: 200 },
			{ number: rest.body.creditNote.number, total: 750, tax: 150, subtotal: 600 },
		]);
		const after = await b.p.service
			.from('invoices')
			.select('status, transactions(kind, amount)')
			.eq('id', invoice.id)
			.single();
		expect(after.data!.status).toBe('refunded');
		expect(after.data!.transactions).toContainEqual({ kind: 'refund', amount: 1000 });
		expect(await audits(`invoice:${invoice.id}`)).toEqual([
			{ action: 'invoice_refunded', subject: `invoice:${invoice.id}` },
			{ action: 'invoice_refunded', subject: `invoice:${invoice.id}` },
		]);
		// The customer, who signed up in Norwegian, is told in Norwegian.
		const mail = (await messages(b.p.stack)).find((m) =>
			m.subject.includes(first.body.creditNote.number),
		);
		expect(mail?.to).toContain(demo.email);
		expect(mail?.subject).toMatch(/^Kreditnota CN-/);
	});

	it('refunds in full; an amount it cannot read is refused and changes nothing', async () => {
		const route = await routes.refund();
		const invoice = await firstInvoice(await paidService());
		for (const amount of ['12.505', '-1', 'abc', '', '0'])
			expect((await post(route, { id: invoice.id }, { amount, reason: 'x' })).status).toBe(400);
		expect((await post(route, { id: invoice.id }, { amount: '1', reason: '' })).status).toBe(400);
		expect((await post(route, { id: randomUUID() }, { amount: '1', reason: 'x' })).status).toBe(
			404,
		);
		expect(await notes(invoice.id)).toEqual([]);
		const full = await post(route, { id: invoice.id }, { amount: '10.00', reason: 'Goodwill' });
		expect(full.status).toBe(201);
		expect(await notes(invoice.id)).toEqual([
			{ number: full.body.creditNote.number, total: 1000, tax: 200, subtotal: 800 },
		]);
		expect(await audits(`invoice:${invoice.id}`)).toHaveLength(1);
	});

	it('answers a repeated request once: one refund, one credit note, one audit row', async () => {
		const route = await routes.refund();
		const invoice = await firstInvoice(await paidService());
		const requestId = randomUUID();
		const body = { amount: '1.00', reason: 'Twice', requestId };
		const one = await post(route, { id: invoice.id }, body);
		const two = await post(route, { id: invoice.id }, body);
		expect(two).toEqual(one);
		expect(await notes(invoice.id)).toHaveLength(1);
		expect(await audits(`invoice:${invoice.id}`)).toHaveLength(1);
	});

	it('cannot pass the paid amount with two refunds at once (the database holds the limit)', async () => {
		const invoice = await firstInvoice(await paidService());
		const ask = (key: string) =>
			refundInvoice(b.admin, {
				invoiceId: invoice.id,
				amount: 600,
				reason: 'Race',
				requestKey: key,
				at: new Date(),
			});
		const results = await Promise.all([ask(`race-a-${invoice.id}`), ask(`race-b-${invoice.id}`)]);
		expect(results.filter((r) => r === 'over_refund')).toHaveLength(1);
		expect((await notes(invoice.id)).map((n) => n.total)).toEqual([600]);
		// Even the claims alone, asked of the database at once, never add up past what was paid.
		const claims = await Promise.all(
			[1, 2, 3].map((n) =>
				b.p.service.rpc('claim_invoice_refund', {
					invoice: invoice.id,
					amount: 300,
					reason: 'Race',
					request_key: `claim-${n}-${invoice.id}`,
				}),
			),
		);
		expect(claims.filter((c) => c.error?.message === 'over_refund')).toHaveLength(2);
	});
});

/** An order placed and not paid: its first invoice waits for a payment. */
async function unpaidOrder() {
	const key = `staff-money-${randomUUID()}`;
	const placed = await b.p.service.rpc('place_order', {
		customer: b.ownerId,
		idempotency_key: key,
		service: {
			...{ location: 'oslo', product_type: 'game', game: 'palworld', plan_id: 'palworld-standard' },
			...{ tier: 'standard', ram_gb: 8, storage_gb: 25, billing_cycle: 'monthly' },
		},
		amounts: { currency: 'EUR', subtotal: 800, discount: 0, tax_rate: 25, tax: 200, total: 1000 },
		billing: {
			name: 'Demo Kunde',
			address: 'Gate 1',
			postcode: '0150',
			city: 'Oslo',
			country: 'NO',
		},
		description: 'Palworld server',
		line: { kind: 'plan', plan: 'palworld-standard', tier: 'standard', ramGb: 8, cycle: 'monthly' },
		payment_method: 'card',
	});
	const { invoice_id: invoice } = placed.data as { invoice_id: string };
	return { invoice, key };
}

/** A payment of 9.00 for the 10.00 invoice: flagged for review, nothing fulfilled. */
async function flaggedOrder() {
	const { invoice, key } = await unpaidOrder();
	const settled = await b.p.service.rpc('settle_invoice', {
		event_id: `evt-${key}`,
		gateway: 'test',
		invoice,
		amount: 900,
		currency: 'EUR',
		reference: `pay-${key}`,
	});
	expect(settled.data).toMatchObject({ outcome: 'mismatch' });
	return invoice;
}

const invoiceState = async (id: string) =>
	(
		await b.p.service
			.from('invoices')
			.select('status, review_reason, transactions(kind, amount, status, applied)')
			.eq('id', id)
			.single()
	).data!;

describe('a payment flagged for review', () => {
	it('accepted: the invoice is paid as if it matched and the flag is cleared, once', async () => {
		const route = await routes.review();
		const invoice = await flaggedOrder();
		const accepted = await post(route, { invoiceId: invoice }, { outcome: 'accept' });
		expect(accepted).toMatchObject({ status: 200, body: { outcome: 'accept', status: 'paid' } });
		const state = await invoiceState(invoice);
		expect(state).toMatchObject({ status: 'paid', review_reason: null });
		expect(state.transactions).toEqual([
			{ kind: 'payment', amount: 1000, status: 'succeeded', applied: true },
		]);
		const again = await post(route, { invoiceId: invoice }, { outcome: 'refund' });
		expect(again).toMatchObject({ status: 404, body: { error: { code: 'not_flagged' } } });
		expect(await audits(`invoice:${invoice}`)).toEqual([
			{ action: 'review_accepted', subject: `invoice:${invoice}` },
		]);
	});

	it('refunded: the payment goes back in full through its gateway; the invoice stays unpaid', async () => {
		const route = await routes.review();
		const invoice = await flaggedOrder();
		const refunded = await post(route, { invoiceId: invoice }, { outcome: 'refund' });
		expect(refunded).toMatchObject({ status: 200, body: { outcome: 'refund', status: 'unpaid' } });
		const state = await invoiceState(invoice);
		expect(state.review_reason).toBeNull();
		expect(state.transactions).toEqual(
			expect.arrayContaining([
				{ kind: 'payment', amount: 900, status: 'succeeded', applied: false },
				{ kind: 'refund', amount: 900, status: 'succeeded', applied: true },
			]),
		);
		expect(await audits(`invoice:${invoice}`)).toEqual([
			{ action: 'review_refunded', subject: `invoice:${invoice}` },
		]);
	});

	it('a paid invoice flagged to be refunded is refunded in full with a credit note', async () => {
		const route = await routes.review();
		const invoice = await firstInvoice(await paidService());
		const reason = 'Pause paid after it was replaced: refund it';
		await b.p.service.from('invoices').update({ review_reason: reason }).eq('id', invoice.id);
		const refunded = await post(route, { invoiceId: invoice.id }, { outcome: 'refund' });
		expect(refunded).toMatchObject({ status: 200, body: { status: 'refunded' } });
		expect((await invoiceState(invoice.id)).review_reason).toBeNull();
		expect((await notes(invoice.id)).map((note) => note.total)).toEqual([1000]);
		expect(await audits(`invoice:${invoice.id}`)).toEqual([
			{ action: 'review_refunded', subject: `invoice:${invoice.id}` },
		]);
	});

	it('keeps the flag when the gateway fails the refund, so it can be asked again', async () => {
		const { settleReview } = await import('../../../src/server/staff/money/review-actions.ts');
		const { getPaymentGateway } = await import('../../../src/server/payments/index.ts');
		const real = getPaymentGateway();
		const down = Object.assign(Object.create(real) as typeof real, {
			refund: () => Promise.reject(new Error('gateway down')),
		});
		const invoice = await flaggedOrder();
		const request = {
			...{ staff, admin: b.admin, locale: 'en' as const, origin: 'http://site.test' },
			body: { requestId: randomUUID(), outcome: 'refund' as const },
		};
		await expect(settleReview(request, invoice, down)).rejects.toThrow('gateway down');
		expect((await invoiceState(invoice)).review_reason).not.toBeNull();
		expect(await settleReview(request, invoice, real)).toMatchObject({ status: 200 });
		const state = await invoiceState(invoice);
		expect(state.review_reason).toBeNull();
		expect(state.transactions).toContainEqual({
			...{ kind: 'refund', amount: 900, status: 'succeeded', applied: true },
		});
	});

	it('an invoice that is not flagged is refused, with no audit row', async () => {
		const route = await routes.review();
		const { invoice } = await unpaidOrder();
		const refused = await post(route, { invoiceId: invoice }, { outcome: 'accept' });
		expect(refused.status).toBe(404);
		expect((await post(route, { invoiceId: invoice }, { outcome: 'keep' })).status).toBe(400);
		expect(await audits(`invoice:${invoice}`)).toEqual([]);
	});
});

describe('service credit', () => {
	const renew = async (serviceId: string) => {
		const s = (
			await b.p.service.from('services').select('current_period_end').eq('id', serviceId).single()
		).data!;
		const end = new Date(new Date(s.current_period_end).getTime() + 28 * 86_400_000);
		const made = await b.p.service.rpc('issue_renewal_invoice', {
			service: serviceId,
			at: new Date().toISOString(),
			period_end: end.toISOString(),
			amounts: { tax_rate: 25, tax: 200 },
			description: 'Renewal',
			line: {
				kind: 'renewal',
				plan: 'palworld-standard',
				ramGb: 8,
				cycle: 'monthly',
				from: '2027-02-28',
				to: '2027-03-28',
			},
		});
		const id = (made.data as { invoice_id: string }).invoice_id;
		return (
			await b.p.service
				.from('invoices')
				.select('id, status, subtotal, discount, tax, total, invoice_items(kind, line, amount)')
				.eq('id', id)
				.single()
		).data!;
	};
	const ledger = async (serviceId: string) =>
		(
			await b.p.service
				.from('service_credits')
				.select('amount')
				.eq('service_id', serviceId)
				.order('id')
		).data!.map((row) => row.amount);

	it('is added by staff and taken off the next renewal, never below zero; the rest carries over', async () => {
		const route = await routes.credit();
		const serviceId = await paidService();
		const added = await post(route, { id: serviceId }, { amount: '12.00', reason: 'Outage' });
		expect(added).toMatchObject({ status: 201, body: { amount: 1200, balance: 1200 } });
		expect(await audits(`service:${serviceId}`)).toEqual([
			{ action: 'credit_added', subject: `service:${serviceId}` },
		]);
		const invoice = await renew(serviceId);
		// 8.00 net is covered in full: nothing to pay, 4.00 credit left for the renewal after.
		expect(invoice).toMatchObject({ status: 'paid', subtotal: 0, discount: 0, tax: 0, total: 0 });
		expect(invoice.invoice_items).toContainEqual({
			kind: 'credit',
			line: { kind: 'credit' },
			amount: 800,
		});
		expect(await ledger(serviceId)).toEqual([1200, -800]);
	});

	it('covers part of a renewal: tax on what is left', async () => {
		const route = await routes.credit();
		const serviceId = await paidService();
		expect((await post(route, { id: serviceId }, { amount: '2', reason: 'Lag' })).status).toBe(201);
		const invoice = await renew(serviceId);
		expect(invoice).toMatchObject({
			status: 'unpaid',
			subtotal: 600,
			discount: 0,
			tax: 150,
			total: 750,
		});
		expect(await ledger(serviceId)).toEqual([200, -200]);
		// Read back (the PDF, the panel), the credit line takes off: the lines add up to the subtotal.
		const { invoiceForPdf } = await import('../../../src/server/invoices/pdf-query.ts');
		const pdf = await invoiceForPdf(b.admin, b.ownerId, invoice.id);
		expect(pdf!.lines.map((line) => line.amount)).toEqual([800, -200]);
	});

	it('refuses an amount it cannot read or an unknown service, and changes nothing', async () => {
		const route = await routes.credit();
		const serviceId = await paidService();
		for (const amount of ['-1', 'abc', '', '1.234', '0'])
			expect((await post(route, { id: serviceId }, { amount, reason: 'x' })).status).toBe(400);
		expect((await post(route, { id: randomUUID() }, { amount: '1', reason: 'x' })).status).toBe(
			404,
		);
		expect(await ledger(serviceId)).toEqual([]);
		expect(await audits(`service:${serviceId}`)).toEqual([]);
	});
});

describe('a refund whose webhook arrives first', () => {
	it('is recorded once all the same, up to the whole invoice', async () => {
		const invoice = await firstInvoice(await paidService());
		const { getPaymentGateway } = await import('../../../src/server/payments/index.ts');
		const real = getPaymentGateway();
		let refunded = 0;
		// The gateway's refund webhook (the total refunded so far) lands before refund() answers.
		const gateway = Object.assign(Object.create(real) as typeof real, {
			refund: async (request: Parameters<typeof real.refund>[0]) => {
				refunded += request.amount;
				const told = await b.p.service.rpc('record_refund', {
					event_id: `evt-${request.idempotencyKey}`,
					gateway: 'test',
					invoice: request.invoiceId,
					amount: refunded,
					currency: request.currency,
					reference: request.paymentId,
				});
				expect(told.error).toBeNull();
				return real.refund(request);
			},
		});
		const ask = (amount: number, key: string) =>
			refundInvoice(
				b.admin,
				{ invoiceId: invoice.id, amount, reason: 'Early', requestKey: key, at: new Date() },
				gateway,
			);
		expect(await ask(400, `early-a-${invoice.id}`)).toMatchObject({ total: 400 });
		expect(await ask(600, `early-b-${invoice.id}`)).toMatchObject({ total: 600 });
		expect(await ask(1, `early-c-${invoice.id}`)).toBe('over_refund');
		expect((await notes(invoice.id)).map((n) => n.total)).toEqual([400, 600]);
		const state = await b.p.service.from('invoices').select('status').eq('id', invoice.id).single();
		expect(state.data!.status).toBe('refunded');
	});
});

describe('the money-back guarantee after a staff refund', () => {
	it('is no longer offered nor given: part of the invoice went back already', async () => {
		const route = await routes.refund();
		const serviceId = await paidService();
		const invoice = await firstInvoice(serviceId);
		const soon = new Date(Date.now() + 86_400_000);
		const { moneyBackOffer } =
			await import('../../../src/server/billing/refund/money-back-offer.ts');
		const { requestMoneyBack } = await import('../../../src/server/billing/refund/money-back.ts');
		expect(await moneyBackOffer(b.p.owner, b.ownerId, serviceId, soon)).not.toBeNull();
		await post(route, { id: invoice.id }, { amount: '1.00', reason: 'Goodwill' });
		expect(await moneyBackOffer(b.p.owner, b.ownerId, serviceId, soon)).toBeNull();
		const owner = (await b.p.owner.auth.getUser()).data.user!;
		expect(await requestMoneyBack(b.admin, owner, serviceId, 'Changed my mind', soon)).toBe(
			'not_refundable',
		);
		expect((await notes(invoice.id)).map((n) => n.total)).toEqual([100]);
	});
});
