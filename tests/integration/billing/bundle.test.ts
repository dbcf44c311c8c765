import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@supabase/supabase-js';
import type * as BundleModule from '../../../src/server/billing/bundle.ts';
import type * as RunModule from '../../../src/server/billing/run/run.ts';
import type * as FulfilmentModule from '../../../src/server/billing/payment-events/handle.ts';
import { other } from '../data-model/personas.ts';
import { origin, startBillingStack, type BillingStack } from './fixture.ts';

// Paying several invoices in one gateway payment: each is settled as if paid on its own, once.

let b: BillingStack;
let owner: User;
let payInvoices: typeof BundleModule.payInvoices;
let runBilling: typeof RunModule.runBilling;
let handlePaymentEvent: typeof FulfilmentModule.handlePaymentEvent;

beforeAll(async () => {
	b = await startBillingStack();
	({ payInvoices } = await import('../../../src/server/billing/bundle.ts'));
	({ runBilling } = await import('../../../src/server/billing/run/run.ts'));
	({ handlePaymentEvent } = await import('../../../src/server/billing/payment-events/handle.ts'));
	owner = (await b.p.owner.auth.getUser()).data.user!;
}, 60_000);

afterAll(() => b.stop());

const context = { origin, locale: 'da' as const };

/** A service whose renewal invoice the run has issued (due 2027-02-28). */
async function withRenewal(currency: 'EUR' | 'NOK' = 'EUR') {
	const id = await b.activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z', { currency });
	await runBilling(b.admin, { now: new Date('2027-02-21T13:00:00Z'), origin });
	const { data } = await b.p.service
		.from('invoices')
		.select('id, total')
		.eq('service_id', id)
		.eq('kind', 'renewal')
		.single();
	return { service: id, invoice: data!.id as string, total: data!.total as number };
}

describe('paying several invoices at once', () => {
	it('takes one payment for their sum and settles each, once', async () => {
		const one = await withRenewal();
		const two = await withRenewal();
		const bundle = await payInvoices(b.admin, owner, [one.invoice, two.invoice], 'card', context);
		if (typeof bundle === 'string') throw new Error(bundle);
		expect(bundle).toMatchObject({ total: one.total + two.total, currency: 'EUR' });
		expect(bundle.paymentUrl).toContain(`/da/checkout/test-gateway/${bundle.bundleId}`);
		const paid = {
			kind: 'paid' as const,
			eventId: `bundle-${bundle.bundleId}`,
			gateway: 'test',
			invoiceId: bundle.bundleId,
			amount: bundle.total,
			currency: 'EUR',
			paymentId: `pay-${bundle.bundleId}`,
			method: 'card' as const,
		};
		await handlePaymentEvent(paid, origin);
		await handlePaymentEvent(paid, origin); // a replay
		for (const { service, invoice } of [one, two]) {
			const { data } = await b.p.service
				.from('invoices')
				.select('status, transactions(amount)')
				.eq('id', invoice)
				.single();
			expect(data).toMatchObject({ status: 'paid', transactions: [{ amount: 1000 }] });
			const { data: s } = await b.p.service
				.from('services')
				.select('current_period_end')
				.eq('id', service)
				.single();
			expect(String(s!.current_period_end)).toMatch(/^2027-03-31/);
		}
	});

	it('refuses paid, foreign and mixed-currency invoices, and makes nothing', async () => {
		const eur = await withRenewal();
		const nok = await withRenewal('NOK');
		expect(await payInvoices(b.admin, owner, [eur.invoice, nok.invoice], 'card', context)).toBe(
			'mixed_currencies',
		);
		const { data: paidFirst } = await b.p.service
			.from('invoices')
			.select('id')
			.eq('service_id', eur.service)
			.eq('kind', 'new')
			.single();
		expect(await payInvoices(b.admin, owner, [eur.invoice, paidFirst!.id], 'card', context)).toBe(
			'not_payable',
		);
		const { data: theirs } = await b.p.service.rpc('place_order', {
			customer: other.id,
			idempotency_key: `bundle-foreign-${Date.now()}`,
			service: {
				product_type: 'game',
				location: 'oslo',
				game: 'palworld',
				plan_id: 'palworld-standard',
				tier: 'standard',
				ram_gb: 8,
				storage_gb: 25,
				billing_cycle: 'monthly',
			},
			amounts: { currency: 'EUR', subtotal: 800, discount: 0, tax_rate: 25, tax: 200, total: 1000 },
			billing: { name: 'Ola', address: 'Gate 2', postcode: '0150', city: 'Oslo', country: 'NO' },
			description: 'Palworld server',
			line: {
				kind: 'plan',
				plan: 'palworld-standard',
				tier: 'standard',
				ramGb: 8,
				cycle: 'monthly',
			},
			payment_method: 'card',
		});
		const foreign = (theirs as { invoice_id: string }).invoice_id;
		expect(await payInvoices(b.admin, owner, [eur.invoice, foreign], 'card', context)).toBe(
			'not_payable',
		);
		const { data: bundles } = await b.p.service
			.from('payment_bundles')
			.select('id')
			.eq('user_id', owner.id);
		expect(bundles).toHaveLength(1); // the first test's only
	});

	it('gives back the share of an invoice paid on its own meanwhile, and settles the rest', async () => {
		const one = await withRenewal();
		const two = await withRenewal();
		const bundle = await payInvoices(b.admin, owner, [one.invoice, two.invoice], 'card', context);
		if (typeof bundle === 'string') throw new Error(bundle);
		// The first invoice paid from its own page before the bundle's payment came in.
		const alone = {
			kind: 'paid' as const,
			gateway: 'test',
			currency: 'EUR',
			method: 'card' as const,
		};
		await handlePaymentEvent(
			{
				...alone,
				eventId: `alone-${one.invoice}`,
				invoiceId: one.invoice,
				amount: one.total,
				paymentId: `pay-alone-${one.invoice}`,
			},
			origin,
		);
		const paymentId = `pay-${bundle.bundleId}`;
		await handlePaymentEvent(
			{
				...alone,
				eventId: `bundle-${bundle.bundleId}`,
				invoiceId: bundle.bundleId,
				amount: bundle.total,
				paymentId,
			},
			origin,
		);
		const { data: first } = await b.p.service
			.from('invoices')
			.select('status, transactions(kind, amount, status, applied)')
			.eq('id', one.invoice)
			.single();
		expect(first?.status).toBe('paid');
		expect(first?.transactions).toEqual(
			expect.arrayContaining([
				{ kind: 'payment', amount: one.total, status: 'succeeded', applied: true },
				{ kind: 'payment', amount: one.total, status: 'succeeded', applied: false },
				{ kind: 'refund', amount: one.total, status: 'succeeded', applied: true },
			]),
		);
		expect(first?.transactions).toHaveLength(3);
		const { data: second } = await b.p.service
			.from('invoices')
			.select('status, transactions(kind, amount)')
			.eq('id', two.invoice)
			.single();
		expect(second).toMatchObject({
			status: 'paid',
			transactions: [{ kind: 'payment', amount: two.total }],
		});
	});
});
