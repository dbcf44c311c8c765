import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as RunModule from '../../../src/server/billing/run/run.ts';
import { ids } from '../data-model/personas.ts';
import { origin, startBillingStack, type BillingStack } from './fixture.ts';

// The demo seed as `npm start` finds it: a fresh stack, then the billing run at the moments a site
// server would run it. The seed must describe a state the run agrees with, so the run never bills
// a period the seed already billed, and the seed's own overdue invoice goes the way any other does.

let b: BillingStack;
let runBilling: typeof RunModule.runBilling;

beforeAll(async () => {
	b = await startBillingStack();
	({ runBilling } = await import('../../../src/server/billing/run/run.ts'));
}, 60_000);

afterAll(() => b.stop());

const DAY = 86_400_000;
const seededAt = Date.now();

interface Billed {
	id: string;
	service_id: string;
	status: string;
	period_start: string;
	period_end: string;
}

/** Pairs of live invoices of one service whose billed periods overlap. */
async function doubleBilled(): Promise<[Billed, Billed][]> {
	const { data, error } = await b.p.service
		.from('invoices')
		.select('id, service_id, status, period_start, period_end')
		.in('kind', ['new', 'renewal'])
		.neq('status', 'cancelled');
	if (error) throw error;
	const invoices = data as Billed[];
	const overlap = (a: Billed, c: Billed) =>
		a.service_id === c.service_id &&
		new Date(a.period_start) < new Date(c.period_end) &&
		new Date(c.period_start) < new Date(a.period_end);
	return invoices.flatMap((a, i) =>
		invoices.slice(i + 1).flatMap((c) => (overlap(a, c) ? [[a, c] as [Billed, Billed]] : [])),
	);
}

const invoiceOf = async (id: string) =>
	(await b.p.service.from('invoices').select('status, late_fee, total').eq('id', id).single())
		.data!;

describe('the demo seed under the billing run', () => {
	it('is billed once per period, now and at every later run', async () => {
		const first = await runBilling(b.admin, { now: new Date(seededAt + 60_000), origin });
		// The minute after start finds every due invoice already issued.
		expect(first).toMatchObject({ ran: true, failures: [] });
		expect(first.ran && first.outcomes.invoiced).toBeUndefined();
		expect(await doubleBilled()).toEqual([]);
		for (const offset of [2 * 60_000, DAY, 7 * DAY, 14 * DAY, 20 * DAY, 30 * DAY, 60 * DAY]) {
			const run = await runBilling(b.admin, { now: new Date(seededAt + offset), origin });
			expect(run).toMatchObject({ ran: true, failures: [] });
			expect(await doubleBilled()).toEqual([]);
		}
	});

	it("ends the seed's overdue invoice with its service rather than leaving it overdue", async () => {
		// The run above went 60 days on: the suspended Rust server was deleted 14 days after its
		// due date, and the invoice it owed was cancelled with it.
		const { data } = await b.p.service
			.from('services')
			.select('status')
			.eq('id', ids.rust)
			.single();
		expect(data?.status).toBe('terminated');
		expect(await invoiceOf(ids.overdueInvoice)).toMatchObject({ status: 'cancelled' });
	});

	it('cannot hold a second renewal for a period, even one written at another hour of its day', async () => {
		const issue = (periodEnd: string) =>
			b.p.service.rpc('issue_renewal_invoice', {
				service: ids.valheim,
				at: new Date(seededAt).toISOString(),
				period_end: periodEnd,
				amounts: { tax_rate: 19, tax: 912 },
				description: 'Valheim server (annually)',
				line: {
					kind: 'renewal',
					plan: 'valheim-standard',
					ramGb: 6,
					cycle: 'annually',
					from: periodEnd.slice(0, 10),
					to: periodEnd.slice(0, 10),
				},
			});
		const { data: valheim } = await b.p.service
			.from('services')
			.select('current_period_end')
			.eq('id', ids.valheim)
			.single();
		const due = new Date(valheim!.current_period_end).getTime();
		const nextEnd = new Date(due + 365 * DAY).toISOString();
		expect((await issue(nextEnd)).data).toMatchObject({ created: true });
		// The same period as the service's due date an hour later: the function's own check (an
		// exact instant) lets it through, the index refuses it.
		await b.p.service
			.from('services')
			.update({ current_period_end: new Date(due + 3_600_000).toISOString() })
			.eq('id', ids.valheim);
		expect((await issue(nextEnd)).error?.code).toBe('23505');
	});
});
