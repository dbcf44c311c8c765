import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as RunModule from '../../../src/server/billing/run/run.ts';
import { origin, renewalLine, startBillingStack, type BillingStack } from './fixture.ts';

// The late fee's end, through the real run on a clock the test moves: it stops growing at
// suspension (day 3), a deleted service's cancelled invoice carries none, and a run that comes
// after missed runs deletes a service past day 14 rather than charging it what built up.

let b: BillingStack;
let runBilling: typeof RunModule.runBilling;

beforeAll(async () => {
	b = await startBillingStack();
	({ runBilling } = await import('../../../src/server/billing/run/run.ts'));
}, 60_000);

afterAll(() => b.stop());

const run = (at: string) => runBilling(b.admin, { now: new Date(at), origin });

const statusOf = async (id: string) =>
	(await b.p.service.from('services').select('status').eq('id', id).single()).data!.status;

const renewalOf = async (id: string) =>
	(
		await b.p.service
			.from('invoices')
			.select(
				'id, status, subtotal, tax, late_fee, total, charge_attempts, invoice_items(kind, amount, line)',
			)
			.eq('service_id', id)
			.eq('kind', 'renewal')
			.single()
	).data!;

const feeLines = (invoice: { invoice_items: { kind: string }[] }) =>
	invoice.invoice_items.filter((line) => line.kind === 'late_fee');

describe('the late fee', () => {
	it('stops at suspension: 3 days’ fee on day 13, and none on the invoice termination cancels', async () => {
		// 8.00 EUR a month, due February 28 at noon; no saved card, so nothing is charged.
		const id = await b.activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
		await run('2027-02-21T13:00:00Z');
		await run('2027-03-03T13:00:00Z');
		expect(await statusOf(id)).toBe('suspended');
		expect(await renewalOf(id)).toMatchObject({ late_fee: 300, total: 1300 });

		await run('2027-03-13T13:00:00Z');
		const dayThirteen = await renewalOf(id);
		expect(dayThirteen).toMatchObject({ status: 'overdue', late_fee: 300, total: 1300 });
		// Stored as data, so each reader reads it in their language (src/lib/billing/invoice-line.ts).
		expect(feeLines(dayThirteen)).toEqual([
			{ kind: 'late_fee', amount: 300, line: { kind: 'lateFee', days: 3 } },
		]);
		expect(dayThirteen.invoice_items.find((line) => line.kind === 'service')?.line).toEqual({
			...renewalLine,
			// Where it runs: the renewal's line names it (issue 43).
			location: 'oslo',
		});

		await run('2027-03-14T13:00:00Z');
		expect(await statusOf(id)).toBe('terminated');
		const cancelled = await renewalOf(id);
		expect(cancelled).toMatchObject({ status: 'cancelled', late_fee: 0, total: 1000 });
		expect(feeLines(cancelled)).toEqual([]);
	});

	it('a run after missed runs deletes a service past day 14, and charges nothing', async () => {
		// A card that would be charged: the late run must still not take it.
		const id = await b.activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z', {
			card: 'tgpm_late_run_ok',
		});
		await run('2027-02-21T13:00:00Z');
		// The site was down from here on; the next run comes on day 15.
		const late = await run('2027-03-15T13:00:00Z');
		expect(late).toMatchObject({ ran: true, failures: [] });
		expect(await statusOf(id)).toBe('terminated');
		expect(b.fake.state.servers.find((server) => server.external_id === id)).toBeUndefined();
		const invoice = await renewalOf(id);
		expect(invoice).toMatchObject({ status: 'cancelled', late_fee: 0, charge_attempts: 0 });
		const { data: payments } = await b.p.service
			.from('transactions')
			.select('id')
			.eq('invoice_id', invoice.id);
		expect(payments).toEqual([]);
	});
});
