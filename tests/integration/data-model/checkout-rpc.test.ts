import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startProductStack, type Personas } from './personas';

// place_order and settle_invoice as the site server calls them (service role), and closed to
// everyone else.

let p: Personas;
let ownerId: string;
beforeAll(async () => {
	p = await startProductStack();
	ownerId = (await p.owner.auth.getUser()).data.user!.id;
}, 60_000);
afterAll(() => p.stack.stop());

const service = {
	product_type: 'game',
	location: 'oslo',
	game: 'palworld',
	plan_id: 'palworld-standard',
	tier: 'standard',
	ram_gb: 8,
	storage_gb: 25,
	billing_cycle: 'monthly',
};
const amounts = (code?: { code: string; percent: number }) => ({
	currency: 'EUR',
	subtotal: 800,
	discount: code ? (800 * code.percent) / 100 : 0,
	discount_code: code?.code ?? null,
	discount_percent: code?.percent ?? 0,
	tax_rate: 25,
	tax: code ? (800 - (800 * code.percent) / 100) / 4 : 200,
	total: code ? (800 - (800 * code.percent) / 100) * 1.25 : 1000,
});
const billing = {
	name: 'Demo Kunde',
	address: 'Gate 1',
	postcode: '0150',
	city: 'Oslo',
	country: 'NO',
};

function place(key: string, code?: { code: string; percent: number }) {
	return p.service.rpc('place_order', {
		customer: ownerId,
		idempotency_key: key,
		service,
		amounts: amounts(code),
		billing,
		description: 'Palworld server, 8 GB, monthly',
		line: { kind: 'plan', plan: 'palworld-standard', tier: 'standard', ramGb: 8, cycle: 'monthly' },
		payment_method: 'card',
	});
}

describe('place_order', () => {
	it('writes order, pending service and unpaid invoice with its line, once per key', async () => {
		const first = await place('key-once-0001');
		expect(first.error).toBeNull();
		const made = first.data as {
			order_id: string;
			invoice_id: string;
			service_id: string;
			created: boolean;
		};
		expect(made.created).toBe(true);
		const again = (await place('key-once-0001')).data as typeof made;
		expect(again).toMatchObject({
			order_id: made.order_id,
			invoice_id: made.invoice_id,
			created: false,
		});
		const invoice = (
			await p.owner
				.from('invoices')
				.select('*, invoice_items(*)')
				.eq('id', made.invoice_id)
				.single()
		).data!;
		expect(invoice).toMatchObject({
			status: 'unpaid',
			total: 1000,
			tax: 200,
			billing_country: 'NO',
		});
		expect(invoice.invoice_items).toEqual([
			expect.objectContaining({
				description: 'Palworld server, 8 GB, monthly',
				line: {
					kind: 'plan',
					plan: 'palworld-standard',
					tier: 'standard',
					ramGb: 8,
					cycle: 'monthly',
				},
			}),
		]);
		const svc = (
			await p.owner
				.from('services')
				.select('status, recurring_amount')
				.eq('id', made.service_id)
				.single()
		).data;
		expect(svc).toEqual({ status: 'pending_payment', recurring_amount: 800 });
	});

	it('counts a code’s uses atomically: concurrent orders past the limit are refused', async () => {
		await p.service.from('discount_codes').insert({ code: 'TWICE50', percent: 50, max_uses: 2 });
		const results = await Promise.all(
			Array.from({ length: 5 }, (_, i) =>
				place(`key-code-000${i}`, { code: 'TWICE50', percent: 50 }),
			),
		);
		expect(results.filter((r) => !r.error)).toHaveLength(2);
		expect(results.filter((r) => r.error?.message === 'discount_unavailable')).toHaveLength(3);
		const code = (
			await p.service.from('discount_codes').select('uses').eq('code', 'TWICE50').single()
		).data;
		expect(code?.uses).toBe(2);
	});

	it('saves the billing details to the profile with the order, and not when it is refused', async () => {
		const profile = () =>
			p.service
				.from('profiles')
				.select('first_name, last_name, address, postal_code, city, country')
				.eq('id', ownerId)
				.single();
		const named = (name: string, city: string, code?: { code: string; percent: number }) =>
			p.service.rpc('place_order', {
				customer: ownerId,
				idempotency_key: `key-profile-${city}`,
				service,
				amounts: amounts(code),
				billing: { ...billing, name, city, country: 'DK' },
				description: 'Palworld server, 8 GB, monthly',
				line: {
					kind: 'plan',
					plan: 'palworld-standard',
					tier: 'standard',
					ramGb: 8,
					cycle: 'monthly',
				},
				payment_method: 'card',
			});
		expect((await named('Anne \t Marie  Holm', 'Aarhus')).error).toBeNull();
		expect((await profile()).data).toEqual({
			first_name: 'Anne',
			last_name: 'Marie  Holm',
			address: 'Gate 1',
			postal_code: '0150',
			city: 'Aarhus',
			country: 'DK',
		});
		const refused = await named('Someone Else', 'Odense', { code: 'NO-SUCH-CODE', percent: 10 });
		expect(refused.error?.message).toBe('discount_unavailable');
		expect((await profile()).data).toMatchObject({ first_name: 'Anne', city: 'Aarhus' });
	});

	it('is closed to visitors and customers', async () => {
		for (const client of [p.anon, p.owner]) {
			const { error } = await client.rpc('place_order', {
				customer: ownerId,
				idempotency_key: 'key-forged-01',
				service,
				amounts: amounts(),
				billing,
				description: 'x',
				line: {
					kind: 'plan',
					plan: 'palworld-standard',
					tier: 'standard',
					ramGb: 8,
					cycle: 'monthly',
				},
				payment_method: 'card',
			});
			expect(error?.code).toBe('42501');
		}
	});
});

describe('settle_invoice', () => {
	it('pays once, moves the service on, and flags a payment of another amount', async () => {
		const made = (await place('key-settle-01')).data as { invoice_id: string; service_id: string };
		const settle = (event: string, amount: number, reference: string) =>
			p.service.rpc('settle_invoice', {
				event_id: event,
				gateway: 'test',
				invoice: made.invoice_id,
				amount,
				currency: 'eur',
				reference,
			});
		expect((await settle('evt-short', 999, 'pay-short')).data).toMatchObject({
			outcome: 'mismatch',
		});
		const flagged = (
			await p.service
				.from('invoices')
				.select('status, review_reason')
				.eq('id', made.invoice_id)
				.single()
		).data;
		expect(flagged?.status).toBe('unpaid');
		expect(flagged?.review_reason).toContain('999');
		expect((await settle('evt-ok', 1000, 'pay-ok')).data).toMatchObject({
			outcome: 'paid',
			service_id: made.service_id,
		});
		expect((await settle('evt-ok', 1000, 'pay-ok')).data).toEqual({ outcome: 'duplicate' });
		expect((await settle('evt-ok-2', 1000, 'pay-ok')).data).toMatchObject({
			outcome: 'already_paid',
		});
		const svc = (
			await p.service.from('services').select('status').eq('id', made.service_id).single()
		).data;
		expect(svc?.status).toBe('provisioning');
		const payments = (
			await p.service.from('transactions').select('id').eq('invoice_id', made.invoice_id)
		).data;
		expect(payments).toHaveLength(1);
	});
});

describe('record_refund', () => {
	it('records a refund once and marks a fully refunded invoice', async () => {
		const made = (await place('key-refund-01')).data as { invoice_id: string };
		const invoice = made.invoice_id;
		await p.service.rpc('settle_invoice', {
			event_id: 'evt-refund-paid',
			gateway: 'test',
			invoice,
			amount: 1000,
			currency: 'EUR',
			reference: 'pay-refund',
		});
		const refund = (event: string, amount: number) =>
			p.service.rpc('record_refund', {
				event_id: event,
				gateway: 'test',
				invoice,
				amount,
				currency: 'EUR',
				reference: 'pay-refund',
			});
		expect((await refund('evt-r1', 400)).data).toBe('partial');
		expect((await refund('evt-r1', 400)).data).toBe('duplicate');
		expect((await refund('evt-r2', 1000)).data).toBe('refunded');
		const rows = (
			await p.service.from('transactions').select('kind, amount').eq('invoice_id', invoice)
		).data;
		expect(rows).toEqual(
			expect.arrayContaining([
				{ kind: 'payment', amount: 1000 },
				{ kind: 'refund', amount: 1000 },
			]),
		);
		expect(rows).toHaveLength(2);
	});

	it('a full refund that arrives before its payment leaves nothing to fulfil', async () => {
		const made = (await place('key-refund-02')).data as { invoice_id: string; service_id: string };
		const invoice = made.invoice_id;
		const event = { gateway: 'test', invoice, currency: 'EUR', reference: 'pay-early-refund' };
		expect(
			(await p.service.rpc('record_refund', { ...event, event_id: 'evt-early-r', amount: 1000 }))
				.data,
		).toBe('partial');
		expect(
			(await p.service.rpc('settle_invoice', { ...event, event_id: 'evt-late-p', amount: 1000 }))
				.data,
		).toMatchObject({ outcome: 'refunded' });
		const state = (
			await p.service
				.from('invoices')
				.select('status, orders(status), services(status)')
				.eq('id', invoice)
				.single()
		).data;
		expect(state).toEqual({
			status: 'refunded',
			orders: { status: 'cancelled' },
			services: { status: 'cancelled' },
		});
	});
});

describe('a payment for an invoice that is not payable', () => {
	it('pays nothing, is owed back in full once, and its refund leaves the invoice paid', async () => {
		const made = (await place('key-unpayable-01')).data as { invoice_id: string };
		const invoice = made.invoice_id;
		const settle = (event: string, reference: string) =>
			p.service.rpc('settle_invoice', {
				event_id: event,
				gateway: 'test',
				invoice,
				amount: 1000,
				currency: 'EUR',
				reference,
			});
		expect((await settle('evt-first', 'pay-first')).data).toMatchObject({ outcome: 'paid' });
		const owed = {
			outcome: 'unpayable',
			invoice_id: invoice,
			user_id: ownerId,
			status: 'paid',
			reference: 'pay-second',
			amount: 1000,
			currency: 'EUR',
			refund_owed: true,
		};
		expect((await settle('evt-second', 'pay-second')).data).toMatchObject(owed);
		// Delivered again before the refund went through: still owed; once confirmed, nothing more.
		expect((await settle('evt-second', 'pay-second')).data).toMatchObject(owed);
		for (const client of [p.anon, p.owner]) {
			const { error } = await client.rpc('confirm_unpayable_refund', { reference: 'pay-second' });
			expect(error?.code).toBe('42501');
		}
		const confirm = () => p.service.rpc('confirm_unpayable_refund', { reference: 'pay-second' });
		expect((await confirm()).data).toBe(true);
		expect((await confirm()).data).toBe(false);
		expect((await settle('evt-second', 'pay-second')).data).toEqual({ outcome: 'duplicate' });
		expect((await settle('evt-second-again', 'pay-second')).data).toMatchObject({
			...owed,
			refund_owed: false,
		});
		// The gateway's own report of that refund: the invoice stays paid by the first payment.
		const reported = await p.service.rpc('record_refund', {
			event_id: 'evt-second-refunded',
			gateway: 'test',
			invoice,
			amount: 1000,
			currency: 'EUR',
			reference: 'pay-second',
		});
		expect(reported.data).toBe('given_back');
		const state = (
			await p.service
				.from('invoices')
				.select('status, transactions(kind, amount, status, applied, gateway_reference)')
				.eq('id', invoice)
				.single()
		).data;
		expect(state?.status).toBe('paid');
		expect(state?.transactions).toEqual(
			expect.arrayContaining([
				{
					kind: 'payment',
					amount: 1000,
					status: 'succeeded',
					applied: true,
					gateway_reference: 'pay-first',
				},
				{
					kind: 'payment',
					amount: 1000,
					status: 'succeeded',
					applied: false,
					gateway_reference: 'pay-second',
				},
				{
					kind: 'refund',
					amount: 1000,
					status: 'succeeded',
					applied: true,
					gateway_reference: 'refund:pay-second',
				},
			]),
		);
		expect(state?.transactions).toHaveLength(3);
		// Customers see whether a payment of theirs paid the invoice, and change nothing.
		const seen = await p.owner.from('transactions').select('applied').eq('invoice_id', invoice);
		expect(seen.data).toHaveLength(3);
		const { error } = await p.owner
			.from('transactions')
			.update({ applied: true })
			.eq('invoice_id', invoice);
		expect(error?.code).toBe('42501');
	});
});
