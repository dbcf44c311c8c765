import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, other, startProductStack, type Personas } from '../data-model/personas.ts';
import { readInvoiceView } from '../../../src/lib/panel/invoice-view.ts';
import type * as Dashboard from '../../../src/server/dashboard/queries.ts';
import type * as Detail from '../../../src/server/invoices/detail-query.ts';
import type * as List from '../../../src/server/invoices/queries.ts';
import type * as Account from '../../../src/server/account/queries.ts';

// The panel's reads as the customer (row-level security on), against the demo seed: the demo
// customer has six invoices (two open: an overdue NOK renewal with a late fee, an unpaid EUR one),
// three servers and a saved Visa; the other customer one invoice of their own.

let p: Personas;
let list: typeof List;
let detail: typeof Detail;
let dash: typeof Dashboard;
let account: typeof Account;
const now = new Date();
const overdue = '11111111-0000-4000-8000-000000000005';
const upcoming = '11111111-0000-4000-8000-000000000006';

beforeAll(async () => {
	p = await startProductStack();
	Object.assign(process.env, {
		PUBLIC_SUPABASE_URL: p.stack.url,
		PUBLIC_SUPABASE_ANON_KEY: p.stack.anonKey,
		SUPABASE_SERVICE_ROLE_KEY: p.stack.serviceRoleKey,
	});
	list = await import('../../../src/server/invoices/queries.ts');
	detail = await import('../../../src/server/invoices/detail-query.ts');
	dash = await import('../../../src/server/dashboard/queries.ts');
	account = await import('../../../src/server/account/queries.ts');
});
afterAll(() => p.stack.stop());

const view = (query: string) => readInvoiceView(new URLSearchParams(query));
const numbers = (rows: { number: string }[]) => rows.map((r) => r.number);

describe('listInvoices', () => {
	it('pages the customer’s own invoices, newest first, with the count of all', async () => {
		const first = await list.listInvoices(p.owner, demo.id, view('per=5'));
		expect(first.total).toBe(6);
		expect(numbers(first.rows)).toEqual([
			'INV-2026-000006',
			'INV-2026-000005',
			'INV-2026-000004',
			'INV-2026-000003',
			'INV-2026-000002',
		]);
		const second = await list.listInvoices(p.owner, demo.id, view('per=5&page=2'));
		expect(numbers(second.rows)).toEqual(['INV-2026-000001']);
		// A page past the end (a stale shared link) shows the last page instead of nothing.
		const past = await list.listInvoices(p.owner, demo.id, view('per=5&page=9'));
		expect(past.page).toBe(2);
		const all = await list.listInvoices(p.owner, demo.id, view('per=all'));
		expect(all.rows).toHaveLength(6);
	});

	it('searches number, service and amount (decimal comma or point), and filters status', async () => {
		const by = async (query: string) =>
			numbers((await list.listInvoices(p.owner, demo.id, view(query))).rows);
		expect(await by('q=000004')).toEqual(['INV-2026-000004']);
		expect(await by('q=monthly%20wipe')).toEqual(['INV-2026-000005']);
		expect(await by('q=RUST')).toEqual(['INV-2026-000005']);
		expect(await by('q=180,00')).toEqual(['INV-2026-000005']);
		expect(await by('q=180.00')).toEqual(['INV-2026-000005']);
		expect(await by('status=unpaid')).toEqual(['INV-2026-000006']);
		expect(await by('q=%25')).toHaveLength(6); // a wildcard is text, not a pattern
		expect(await by('q=palworld&status=paid&sort=total&dir=asc')).toEqual([
			'INV-2026-000001',
			'INV-2026-000003',
			'INV-2026-000004',
		]);
	});

	it('never shows another customer’s invoices, whatever the query asks', async () => {
		const mine = await list.listInvoices(p.other, demo.id, view('per=all'));
		expect(mine.total).toBe(0);
		const theirs = await list.listInvoices(p.other, other.id, view('per=all'));
		expect(theirs.total).toBe(1);
	});
});

describe('invoiceDetail', () => {
	it('has the lines in order, the sums, the service and the saved card', async () => {
		const invoice = await detail.invoiceDetail(p.owner, demo.id, overdue, now, 'de');
		expect(invoice).toMatchObject({
			number: 'INV-2026-000005',
			status: 'overdue',
			currency: 'NOK',
			subtotal: 12000,
			tax: 3000,
			lateFee: 3000,
			total: 18000,
			taxRate: 25,
			service: { type: 'game', game: 'rust', label: 'Monthly wipe' },
			transactions: [],
			upgradeId: null,
		});
		expect(invoice!.lines.map((l) => l.kind)).toEqual(['service', 'late_fee']);
		// The lines in the reader's language (here German), not the English they were saved with.
		expect(invoice!.lines.map((l) => l.description)).toEqual([
			expect.stringMatching(
				/^Rust, 10 GB RAM, monatlich \(\d\d\.\d\d\.\d{4} – \d\d\.\d\d\.\d{4}\)$/,
			),
			'Mahngebühr: 3 Tage überfällig',
		]);
		expect(invoice!.cards).toEqual([
			expect.objectContaining({ brand: 'visa', last4: '4242', isDefault: true, expired: false }),
		]);
	});

	it('says when the billing run will charge the saved card, and only for renewals it will charge', async () => {
		const renewal = await detail.invoiceDetail(p.owner, demo.id, upcoming, now, 'en');
		const due = renewal!.dueAt.slice(0, 10);
		expect(renewal!.autoCharge).toMatchObject({ on: due, card: { last4: '4242' } });
		// Overdue past the last retry day (day 3): the customer pays it by hand.
		await p.service.from('invoices').update({ charge_attempts: 3 }).eq('id', overdue);
		expect(
			(await detail.invoiceDetail(p.owner, demo.id, overdue, now, 'en'))!.autoCharge,
		).toBeNull();
		const paid = await detail.invoiceDetail(
			p.owner,
			demo.id,
			'11111111-0000-4000-8000-000000000004',
			now,
			'en',
		);
		expect(paid!.autoCharge).toBeNull();
		expect(paid!.transactions).toEqual([
			expect.objectContaining({ kind: 'payment', status: 'succeeded', amount: 38250 }),
		]);
	});

	it('names the code of the order an invoice was discounted by, here and on its PDF', async () => {
		const first = '11111111-0000-4000-8000-000000000004';
		const order = await p.service
			.from('orders')
			.insert({
				user_id: demo.id,
				idempotency_key: 'reads-discount-code-1',
				currency: 'NOK',
				subtotal: 51000,
				discount: 12750,
				discount_code: 'SP25',
				discount_percent: 25,
				tax_rate: 25,
				tax: 9563,
				total: 47813,
			})
			.select('id')
			.single();
		if (order.error) throw order.error;
		const linked = await p.service
			.from('invoices')
			.update({ order_id: order.data.id })
			.eq('id', first);
		if (linked.error) throw linked.error;
		const read = await detail.invoiceDetail(p.owner, demo.id, first, now, 'en');
		expect(read!.discountCode).toEqual({ code: 'SP25', percent: 25 });
		expect(
			(await detail.invoiceDetail(p.owner, demo.id, overdue, now, 'en'))!.discountCode,
		).toBeNull();
		const { invoiceForPdf } = await import('../../../src/server/invoices/pdf-query.ts');
		const pdf = await invoiceForPdf(p.service, demo.id, first);
		expect(pdf!.invoice.discountCode).toEqual({ code: 'SP25', percent: 25 });
	});

	it('answers null alike for another customer’s invoice, a missing one and a malformed id', async () => {
		expect(await detail.invoiceDetail(p.other, other.id, overdue, now, 'en')).toBeNull();
		expect(await detail.invoiceDetail(p.other, demo.id, overdue, now, 'en')).toBeNull();
		expect(
			await detail.invoiceDetail(
				p.owner,
				demo.id,
				'00000000-0000-4000-8000-000000000000',
				now,
				'en',
			),
		).toBeNull();
		expect(await detail.invoiceDetail(p.owner, demo.id, "1' or '1'='1", now, 'en')).toBeNull();
	});
});

describe('dashboard', () => {
	it('counts, lists open invoices by due date and the servers, for the caller only', async () => {
		const mine = await dash.dashboard(p.owner);
		expect(mine.firstName).toBe('Ingrid');
		expect(mine.summary).toMatchObject({ activeServers: 2, unpaidInvoices: 2, activeTickets: 1 });
		expect(mine.summary.totalSpent).toEqual([
			{ currency: 'EUR', amount: 2750 },
			{ currency: 'NOK', amount: 38250 },
		]);
		expect(numbers(mine.openInvoices)).toEqual(['INV-2026-000005', 'INV-2026-000006']);
		expect(mine.recentInvoices).toHaveLength(5);
		expect(mine.servers.map((s) => s.label).sort()).toEqual([
			'Monthly wipe',
			'Pal island',
			'Survival with friends',
		]);
		const theirs = await dash.dashboard(p.other);
		expect(theirs.summary.unpaidInvoices).toBe(0);
		expect(theirs.servers.map((s) => s.label)).toEqual(['Wikinger']);
		expect(numbers(theirs.recentInvoices)).not.toContain('INV-2026-000005');
	});
});

describe('billingCountry', () => {
	it('is the caller’s own saved billing country, for the cart’s VAT, and nobody else’s', async () => {
		expect(await account.billingCountry(p.owner, demo.id)).toEqual({ country: 'NO' });
		expect(await account.billingCountry(p.other, other.id)).toEqual({ country: 'DE' });
		expect(await account.billingCountry(p.owner, other.id)).toBeNull();
	});
});

describe('payInvoice', () => {
	it('opens a payment for the customer’s own open invoice only, for its total, back on its page', async () => {
		const { payInvoice } = await import('../../../src/server/invoices/actions.ts');
		const { adminClient } = await import('../../../src/server/supabase/admin-client.ts');
		const admin = adminClient()!;
		const customer = (await p.owner.auth.getUser()).data.user!;
		const context = { origin: 'http://site.test', locale: 'de' as const };
		expect(await payInvoice(admin, customer, 'not-an-id', 'card', context)).toBe('not_found');
		const others = await p.service.from('invoices').select('id').eq('user_id', other.id).single();
		expect(await payInvoice(admin, customer, others.data!.id, 'card', context)).toBe('not_found');
		expect(
			await payInvoice(admin, customer, '11111111-0000-4000-8000-000000000004', 'card', context),
		).toBe('not_payable');
		const opened = await payInvoice(admin, customer, upcoming, 'card', context);
		if (typeof opened === 'string') throw new Error(opened);
		const page = new URL(opened.paymentUrl);
		expect(page.pathname).toBe(`/de/checkout/test-gateway/${upcoming}`);
		const { readTestSession } = await import('../../../src/server/payments/test-gateway.ts');
		const session = readTestSession(page.searchParams.get('session')!);
		expect(session).toMatchObject({ amount: 1000, currency: 'EUR' });
		expect(session!.successUrl).toBe(`http://site.test/de/panel/billing/invoices/${upcoming}`);
	});
});
