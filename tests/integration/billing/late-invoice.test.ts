import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as InvoiceQueries from '../../../src/server/invoices/detail-query.ts';
import type * as RunModule from '../../../src/server/billing/run/run.ts';
import { messages } from '../local-stack/helpers.ts';
import { origin, startBillingStack, type BillingStack } from './fixture.ts';

// A renewal the shop issued late: the billing runs stopped (an outage, or an operator replaying a
// moment) and the invoice goes out days after the period it pays for began. Through the real run
// on the local stack, on a clock the test moves.

let b: BillingStack;
let runBilling: typeof RunModule.runBilling;
let invoiceDetail: typeof InvoiceQueries.invoiceDetail;

beforeAll(async () => {
	b = await startBillingStack();
	({ runBilling } = await import('../../../src/server/billing/run/run.ts'));
	({ invoiceDetail } = await import('../../../src/server/invoices/detail-query.ts'));
	await b.p.service.from('profiles').update({ preferred_locale: 'en' }).eq('id', b.ownerId);
}, 60_000);

afterAll(() => b.stop());

const run = async (at: string) =>
	expect(await runBilling(b.admin, { now: new Date(at), origin })).toMatchObject({ failures: [] });

const renewalOf = async (id: string) =>
	(
		await b.p.service
			.from('invoices')
			.select('id, number, status, issued_at, due_at, paid_at, late_fee, total')
			.eq('service_id', id)
			.eq('kind', 'renewal')
			.single()
	).data!;

const statusOf = async (id: string) =>
	(await b.p.service.from('services').select('status, current_period_end').eq('id', id).single())
		.data!;

const mailsAbout = async (number: string) =>
	(await messages(b.p.stack)).filter((mail) => mail.subject.includes(number));

const instant = (iso: string) => new Date(iso).toISOString();

describe('a renewal issued after its due date', () => {
	it('is due when issued, charged without a fee, dated by the run, and renewed until the new date', async () => {
		// Due February 28 at noon; no run from a week before until March 5.
		const id = await b.activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z', {
			card: 'tgpm_late_invoice_ok',
		});
		await run('2027-03-05T13:00:00Z');
		const issued = await renewalOf(id);
		expect(instant(issued.issued_at)).toBe('2027-03-05T13:00:00.000Z');
		// Never due before it was issued.
		expect(instant(issued.due_at)).toBe('2027-03-05T13:00:00.000Z');
		const [invoiceMail] = await mailsAbout(issued.number);
		expect(invoiceMail?.text).toContain('due today, March 5, 2027');
		expect(invoiceMail?.text).not.toContain('February 28');
		expect(invoiceMail?.text).not.toContain('before then');

		await run('2027-03-05T14:00:00Z'); // the charge, an hour later: the amount of the invoice
		const paid = await renewalOf(id);
		expect(paid).toMatchObject({ status: 'paid', late_fee: 0, total: 1000 });
		// Dated by the run's clock, not the machine's: a replayed moment is paid at that moment.
		expect(instant(paid.paid_at)).toBe('2027-03-05T14:00:00.000Z');
		const detail = await invoiceDetail(
			b.p.owner,
			b.ownerId,
			paid.id,
			new Date('2027-03-05T15:00:00Z'),
			'en',
		);
		expect(detail?.transactions).toEqual([
			{
				kind: 'payment',
				status: 'succeeded',
				amount: 1000,
				method: 'card',
				card: { brand: 'visa', last4: '4242' },
				declined: null,
				at: expect.stringContaining('2027-03-05T14:00:00'),
			},
		]);
		// The period runs on from the old due date, and the mail says until when.
		expect(instant((await statusOf(id)).current_period_end)).toBe('2027-03-31T12:00:00.000Z');
		const renewed = (await messages(b.p.stack)).find(
			(mail) => mail.subject.includes('renewed') && mail.text.includes(paid.number),
		);
		expect(renewed?.text).toContain('paid until March 31, 2027');
	});

	it('gives a customer without a card the usual days: a day’s fee the next day, suspended on the third', async () => {
		const id = await b.activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
		await run('2027-03-05T13:00:00Z');
		await run('2027-03-06T13:00:00Z');
		expect(await renewalOf(id)).toMatchObject({ status: 'overdue', late_fee: 100, total: 1100 });
		expect((await statusOf(id)).status).toBe('active');
		await run('2027-03-08T13:00:00Z');
		expect(await renewalOf(id)).toMatchObject({ late_fee: 300 });
		expect((await statusOf(id)).status).toBe('suspended');
	});

	it('counts from the day it was issued even where the invoice says an earlier due date', async () => {
		// An invoice issued late before this rule, its due date the period's end, still open.
		const id = await b.activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
		await run('2027-03-05T13:00:00Z');
		await b.p.service
			.from('invoices')
			.update({ due_at: '2027-02-28T12:00:00Z' })
			.eq('service_id', id)
			.eq('kind', 'renewal');
		await run('2027-03-06T13:00:00Z');
		expect(await renewalOf(id)).toMatchObject({ status: 'overdue', late_fee: 100 });
		expect((await statusOf(id)).status).toBe('active');
	});
});
