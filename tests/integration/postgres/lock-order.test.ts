import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { renewalLine, startBillingStack, type BillingStack } from '../billing/fixture.ts';
import { databaseUrlOf } from './engine-stack.ts';
import { holdLock } from './overlap.ts';

// Two money writers that lock one service and its invoices must take those locks in one order, or
// PostgreSQL finds a deadlock and aborts one of them. The test sets up the worst interleaving on
// purpose: a money-back refund queued for the service row, then the payment of the service's open
// renewal invoice queued behind it, both released at once.

let b: BillingStack;
let url: string;

beforeAll(async () => {
	b = await startBillingStack();
	url = databaseUrlOf(b.p.stack);
});
afterAll(async () => {
	await b?.stop();
});

async function serviceWithOpenRenewal(): Promise<{ service: string; renewal: string }> {
	const service = await b.activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
	const issued = await b.p.service.rpc('issue_renewal_invoice', {
		service,
		at: '2027-02-21T12:00:00Z',
		period_end: '2027-03-31T12:00:00Z',
		amounts: { tax_rate: 25, tax: 200 },
		description: 'Palworld server, renewal',
		line: renewalLine,
	});
	if (issued.error) throw new Error(issued.error.message);
	return { service, renewal: (issued.data as { invoice_id: string }).invoice_id };
}

describe('one lock order for a service and its invoices', () => {
	it('settles a renewal and refunds the service at the same moment without a deadlock', async () => {
		const { service, renewal } = await serviceWithOpenRenewal();
		const held = await holdLock(url, 'select 1 from public.services where id = $1 for update', [
			service,
		]);
		// supabase-js sends a request only when it is awaited: async functions send at once.
		const moneyBack = (async () =>
			await b.p.service.rpc('record_money_back', {
				customer: b.ownerId,
				service,
				at: new Date().toISOString(),
				window_days: 7,
				reason: 'Changed my mind',
				gateway: 'test',
				refund_reference: 'refund-lock-order',
				payment_reference: 'pay-lock-order',
			}))();
		await held.untilWaiting(1);
		const payment = (async () =>
			await b.p.service.rpc('settle_invoice', {
				event_id: 'evt-lock-order',
				gateway: 'test',
				invoice: renewal,
				amount: 1000,
				currency: 'EUR',
				reference: 'pay-renewal-lock-order',
				at: new Date().toISOString(),
			}))();
		await held.untilWaiting(2);
		await held.commit();
		const [refund, settled] = await Promise.all([moneyBack, payment]);
		expect(refund.error?.message ?? null).toBeNull();
		expect(settled.error?.message ?? null).toBeNull();
		const { data } = await b.p.service.from('services').select('status').eq('id', service).single();
		expect(data?.status).toBe('terminated');
	});
});
