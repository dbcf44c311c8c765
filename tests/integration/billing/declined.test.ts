import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as InvoiceQueries from '../../../src/server/invoices/detail-query.ts';
import type * as RunModule from '../../../src/server/billing/run/run.ts';
import type * as ServerQueries from '../../../src/server/servers/queries.ts';
import { messages } from '../local-stack/helpers.ts';
import { origin, startBillingStack, type BillingStack } from './fixture.ts';

// A renewal whose saved card the test gateway declines, through the real run on the local stack:
// the mail after the decline, the failed attempts on the invoice page, the suspended server's page.

let b: BillingStack;
let runBilling: typeof RunModule.runBilling;
let invoiceDetail: typeof InvoiceQueries.invoiceDetail;
let serverDetail: typeof ServerQueries.serverDetail;

beforeAll(async () => {
	b = await startBillingStack();
	({ runBilling } = await import('../../../src/server/billing/run/run.ts'));
	({ invoiceDetail } = await import('../../../src/server/invoices/detail-query.ts'));
	({ serverDetail } = await import('../../../src/server/servers/queries.ts'));
	await b.p.service.from('profiles').update({ preferred_locale: 'en' }).eq('id', b.ownerId);
}, 60_000);

afterAll(() => b.stop());

const run = async (at: string) =>
	expect(await runBilling(b.admin, { now: new Date(at), origin })).toMatchObject({ failures: [] });

describe('a renewal whose saved card is declined', () => {
	it('is mailed about, listed as failed attempts, and explained on the suspended server', async () => {
		const id = await b.activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z', {
			card: 'tgpm_declined27_decline',
		});
		await run('2027-02-21T13:00:00Z');
		const { data: renewal } = await b.p.service
			.from('invoices')
			.select('id, number')
			.eq('service_id', id)
			.eq('kind', 'renewal')
			.single();
		await run('2027-02-28T13:00:00Z'); // the first charge, declined; the reminder of the day
		await run('2027-02-28T13:00:00Z'); // the same moment again: nothing twice

		const mails = (await messages(b.p.stack)).filter((mail) =>
			mail.subject.includes(renewal!.number),
		);
		const declined = mails.filter((mail) => mail.subject.includes('declined'));
		expect(declined).toHaveLength(1);
		expect(declined[0]!.subject).toBe(
			`Your card was declined: invoice ${renewal!.number} is not paid`,
		);
		const text = declined[0]!.text;
		expect(text).toContain('to your Visa card ending in 4242');
		expect(text).toContain('the payment was declined: the bank declined the card.');
		expect(text).toContain('We will try the card again on March 1, 2027.');
		expect(text).toContain('not paid by March 3, 2027');
		expect(text).toContain('on March 14, 2027 it will be deleted');
		expect(text).toContain(`${origin}/panel/billing/invoices/${renewal!.id}`);
		expect(text).not.toContain('card_declined');

		await run('2027-03-01T13:00:00Z'); // the retry, with a day's late fee, declined too
		const detail = await invoiceDetail(
			b.p.owner,
			b.ownerId,
			renewal!.id,
			new Date('2027-03-01T14:00:00Z'),
			'en',
		);
		const attempt = {
			kind: 'payment',
			status: 'failed',
			declined: 'card_declined',
			method: 'card',
		};
		const card = { brand: 'visa', last4: '4242' };
		expect(detail?.transactions).toEqual([
			{ ...attempt, card, amount: 1000, at: expect.stringContaining('2027-02-28T13:00:00') },
			{ ...attempt, card, amount: 1100, at: expect.stringContaining('2027-03-01T13:00:00') },
		]);
		expect(detail?.status).toBe('overdue');

		await run('2027-03-03T13:00:00Z'); // the last try fails: suspended
		const server = await serverDetail(b.p.owner, b.ownerId, id, new Date('2027-03-03T14:00:00Z'));
		expect(server?.status).toBe('suspended');
		expect(server?.suspension).toEqual({
			invoice: { id: renewal!.id, number: renewal!.number, total: 1300, currency: 'EUR' },
			since: expect.stringContaining('2027-03-03T13:00:00'),
			deleteOn: '2027-03-14',
		});
	});
});
