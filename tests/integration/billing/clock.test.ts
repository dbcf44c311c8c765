import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as RunModule from '../../../src/server/billing/run/run.ts';
import type * as FulfilmentModule from '../../../src/server/billing/payment-events/handle.ts';
import { origin, startBillingStack, type BillingStack } from './fixture.ts';

// The billing run on a clock the test moves, through the real run on the local stack with the
// fake Pterodactyl as the game panel and the test gateway charging saved cards.

let b: BillingStack;
let runBilling: typeof RunModule.runBilling;
let handlePaymentEvent: typeof FulfilmentModule.handlePaymentEvent;

beforeAll(async () => {
	b = await startBillingStack();
	({ runBilling } = await import('../../../src/server/billing/run/run.ts'));
	({ handlePaymentEvent } = await import('../../../src/server/billing/payment-events/handle.ts'));
}, 60_000);

afterAll(() => b.stop());

const run = (at: string) => runBilling(b.admin, { now: new Date(at), origin });
const activeService = (start: string, periodEnd: string, card?: string) =>
	b.activeService(start, periodEnd, { card });

const serviceOf = async (id: string) =>
	(
		await b.p.service
			.from('services')
			.select('status, current_period_start, current_period_end, panel_server_id')
			.eq('id', id)
			.single()
	).data!;

const renewals = async (id: string) =>
	(
		await b.p.service
			.from('invoices')
			.select(
				'id, number, status, subtotal, tax, late_fee, total, period_start, period_end, charge_attempts, invoice_items(kind, amount, taxable)',
			)
			.eq('service_id', id)
			.eq('kind', 'renewal')
			.order('period_start')
	).data!;

const fakeServer = (id: string) => b.fake.state.servers.find((server) => server.external_id === id);
const day = (iso: string) => iso.slice(0, 10);

describe('a monthly service bought on January 31', () => {
	it('renews on its anchor day for a year and more, paid by the saved card', async () => {
		const id = await activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z', 'tgpm_clock_ok');
		const ends: string[] = [];
		for (let month = 0; month < 14; month++) {
			const { current_period_end: due } = await serviceOf(id);
			const dueAt = new Date(due).getTime();
			await run(new Date(dueAt - 7 * 86_400_000).toISOString()); // invoice, a week ahead
			await run(new Date(dueAt + 3_600_000).toISOString()); // charged on the due date
			ends.push(day((await serviceOf(id)).current_period_end));
		}
		expect(ends).toEqual([
			'2027-03-31',
			'2027-04-30',
			'2027-05-31',
			'2027-06-30',
			'2027-07-31',
			'2027-08-31',
			'2027-09-30',
			'2027-10-31',
			'2027-11-30',
			'2027-12-31',
			'2028-01-31',
			'2028-02-29',
			'2028-03-31',
			'2028-04-30',
		]);
		const invoices = await renewals(id);
		expect(invoices).toHaveLength(14);
		expect(invoices.every((invoice) => invoice.status === 'paid')).toBe(true);
		// The recurring amount with VAT at the customer's rate, no first-invoice code, no fee.
		expect(invoices[0]).toMatchObject({ subtotal: 800, tax: 200, late_fee: 0, total: 1000 });
		expect((await serviceOf(id)).status).toBe('active');
	});

	it('never paid: overdue with a growing late fee, suspended on day 3, terminated on day 14', async () => {
		const id = await activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
		await run('2027-02-21T13:00:00Z');
		const [issued] = await renewals(id);
		expect(issued).toMatchObject({
			status: 'unpaid',
			total: 1000,
			period_start: expect.stringContaining('2027-02-28'),
		});
		expect(day(issued!.period_end)).toBe('2027-03-31'); // back on the anchor day

		await run('2027-02-28T13:00:00Z'); // due an hour ago: overdue, no fee for day 0 yet
		expect((await renewals(id))[0]).toMatchObject({ status: 'overdue', late_fee: 0, total: 1000 });
		await run('2027-03-01T13:00:00Z');
		expect((await renewals(id))[0]).toMatchObject({
			status: 'overdue',
			late_fee: 100,
			total: 1100,
		});
		await run('2027-03-02T13:00:00Z');
		const twoDays = (await renewals(id))[0]!;
		expect(twoDays).toMatchObject({ late_fee: 200, total: 1200 });
		// One fee line, untaxed, replaced rather than added to.
		expect(twoDays.invoice_items.filter((line) => line.kind === 'late_fee')).toEqual([
			{ kind: 'late_fee', amount: 200, taxable: false },
		]);
		expect((await serviceOf(id)).status).toBe('active');

		await run('2027-03-03T13:00:00Z');
		expect((await serviceOf(id)).status).toBe('suspended');
		expect(fakeServer(id)?.status).toBe('suspended');
		const again = await run('2027-03-03T13:00:00Z');
		expect(again).toMatchObject({ ran: true, failures: [] });
		expect((await renewals(id))[0]).toMatchObject({ late_fee: 300, total: 1300 });

		await run('2027-03-14T13:00:00Z');
		expect((await serviceOf(id)).status).toBe('terminated');
		expect(fakeServer(id)).toBeUndefined();
		expect((await renewals(id))[0]?.status).toBe('cancelled');
		const notices = (
			await b.p.service
				.from('billing_notices')
				.select('kind, sent_at')
				.eq('service_id', id)
				.order('id')
		).data!;
		expect(notices.map((notice) => notice.kind)).toEqual([
			'invoice',
			'due',
			'overdue',
			'suspension_warning',
			'suspended',
			'terminated',
		]);
		expect(notices.every((notice) => notice.sent_at !== null)).toBe(true);
	});

	it('paid late: the fee is paid too, the period runs from the old due date, the server comes back', async () => {
		const id = await activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
		await run('2027-02-21T13:00:00Z');
		await run('2027-03-04T13:00:00Z'); // four days late: suspended, fee 3 EUR (it stops at suspension)
		expect((await serviceOf(id)).status).toBe('suspended');
		const [invoice] = await renewals(id);
		expect(invoice).toMatchObject({ late_fee: 300, total: 1300 });
		await handlePaymentEvent(
			{
				kind: 'paid',
				eventId: `late-${id}`,
				gateway: 'test',
				invoiceId: invoice!.id,
				amount: 1300,
				currency: 'EUR',
				paymentId: `pay-late-${id}`,
				method: 'card',
			},
			origin,
		);
		const after = await serviceOf(id);
		expect(after.status).toBe('active');
		expect(day(after.current_period_start)).toBe('2027-02-28');
		expect(day(after.current_period_end)).toBe('2027-03-31');
		expect(fakeServer(id)?.status).toBeNull();
	});

	it('a declined card is tried on the due date and days 1 and 3, and the failure recorded', async () => {
		const id = await activeService(
			'2027-01-31T12:00:00Z',
			'2027-02-28T12:00:00Z',
			'tgpm_clock_decline',
		);
		await run('2027-02-21T13:00:00Z');
		for (const at of [
			'2027-02-28T13:00:00Z',
			'2027-02-28T14:00:00Z',
			'2027-03-01T13:00:00Z',
			'2027-03-03T13:00:00Z',
		])
			await run(at);
		const [invoice] = await renewals(id);
		expect(invoice).toMatchObject({ status: 'overdue', charge_attempts: 3 });
		const { data } = await b.p.service
			.from('invoices')
			.select('last_payment_error')
			.eq('id', invoice!.id)
			.single();
		expect(data?.last_payment_error).toContain('card_declined');
	});

	it('a pending cancellation gets no renewal and ends at the period end', async () => {
		const id = await activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z', 'tgpm_clock_ok');
		await b.p.service
			.from('services')
			.update({ cancel_at_period_end: true, cancellation_reason: 'Moving to another game' })
			.eq('id', id);
		await run('2027-02-21T13:00:00Z');
		expect(await renewals(id)).toEqual([]);
		await run('2027-02-28T11:00:00Z');
		expect((await serviceOf(id)).status).toBe('active');
		await run('2027-02-28T13:00:00Z');
		expect((await serviceOf(id)).status).toBe('cancelled');
		expect(fakeServer(id)).toBeUndefined();
	});

	it('a kept service (its cancellation undone before the period end) renews as usual', async () => {
		const id = await activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
		await b.p.service
			.from('services')
			.update({ cancel_at_period_end: true, cancellation_reason: 'Taking a break' })
			.eq('id', id);
		await run('2027-02-21T13:00:00Z');
		expect(await renewals(id)).toEqual([]);
		await b.p.service
			.from('services')
			.update({ cancel_at_period_end: false, cancellation_reason: null })
			.eq('id', id);
		await run('2027-02-22T13:00:00Z');
		const [renewal] = await renewals(id);
		expect(renewal).toMatchObject({ status: 'unpaid', total: 1000 });
		await handlePaymentEvent(
			{
				kind: 'paid',
				eventId: `kept-${id}`,
				gateway: 'test',
				invoiceId: renewal!.id,
				amount: 1000,
				currency: 'EUR',
				paymentId: `pay-kept-${id}`,
				method: 'card',
			},
			origin,
		);
		expect(String((await serviceOf(id)).current_period_end)).toMatch(/^2027-03-31/);
	});

	it('a panel that is down delays the suspension to the next run, and loses nothing', async () => {
		const id = await activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
		await run('2027-02-21T13:00:00Z');
		await run('2027-03-02T13:00:00Z');
		b.fake.failNext(503); // the panel is down for the suspension
		const down = await run('2027-03-03T13:00:00Z');
		expect(down.ran && down.failures.map((failure) => failure.serviceId)).toContain(id);
		expect((await serviceOf(id)).status).toBe('active');
		const back = await run('2027-03-03T14:00:00Z');
		expect(back).toMatchObject({ ran: true, failures: [] });
		expect((await serviceOf(id)).status).toBe('suspended');
		expect(fakeServer(id)?.status).toBe('suspended');
	});

	it('two runs at once: one runs, the other is told the lock is held; nothing is doubled', async () => {
		const id = await activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
		const [a, b] = await Promise.all([run('2027-02-21T13:00:00Z'), run('2027-02-21T13:00:00Z')]);
		expect([a.ran, b.ran].sort()).toEqual([false, true]);
		await run('2027-02-21T13:00:00Z');
		expect(await renewals(id)).toHaveLength(1);
	});
});
