import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@supabase/supabase-js';
import type * as MoneyBackModule from '../../../src/server/billing/refund/money-back.ts';
import type * as OfferModule from '../../../src/server/billing/refund/money-back-offer.ts';
import type * as CustomerModule from '../../../src/server/supabase/customer-client.ts';
import { ids } from '../data-model/personas.ts';
import { startBillingStack, type BillingStack } from './fixture.ts';

// What the panel offers of the money-back guarantee, read as the customer: the first invoice's
// total and the deadline while the refund would be made, null from the moment it would not.

let b: BillingStack;
let owner: User;
let client: CustomerModule.CustomerClient;
let moneyBackOffer: typeof OfferModule.moneyBackOffer;
let requestMoneyBack: typeof MoneyBackModule.requestMoneyBack;
const DAY = 86_400_000;

beforeAll(async () => {
	b = await startBillingStack();
	({ moneyBackOffer } = await import('../../../src/server/billing/refund/money-back-offer.ts'));
	({ requestMoneyBack } = await import('../../../src/server/billing/refund/money-back.ts'));
	const { bearerClient } = await import('../../../src/server/supabase/customer-client.ts');
	const token = (await b.p.owner.auth.getSession()).data.session!.access_token;
	client = bearerClient(token);
	owner = (await b.p.owner.auth.getUser()).data.user!;
}, 60_000);

afterAll(() => b.stop());

const started = () => b.activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
async function paidAt(id: string): Promise<Date> {
	const { data } = await b.p.service
		.from('invoices')
		.select('paid_at')
		.eq('service_id', id)
		.eq('kind', 'new')
		.single();
	return new Date(String(data?.paid_at));
}

describe('the money-back offer', () => {
	it('is the first invoice’s total until 7 days after its payment, then nothing', async () => {
		const id = await started();
		const paid = await paidAt(id);
		const deadline = new Date(paid.getTime() + 7 * DAY);
		const offer = { amount: 1000, currency: 'EUR', deadline: deadline.toISOString() };
		expect(await moneyBackOffer(client, owner.id, id, paid)).toEqual(offer);
		expect(await moneyBackOffer(client, owner.id, id, deadline)).toEqual(offer);
		const after = new Date(deadline.getTime() + 1);
		expect(await moneyBackOffer(client, owner.id, id, after)).toBeNull();
		// The refund draws the same line.
		expect(await requestMoneyBack(b.admin, owner, id, 'Late', after)).toBe('window_closed');
	});

	it('is gone once used, and for a server that is not the caller’s', async () => {
		const id = await started();
		const now = new Date((await paidAt(id)).getTime() + DAY);
		expect(await moneyBackOffer(client, owner.id, id, now)).not.toBeNull();
		const made = await requestMoneyBack(b.admin, owner, id, 'Not for me', now);
		expect(made).toMatchObject({ total: 1000, currency: 'EUR' });
		expect(await moneyBackOffer(client, owner.id, id, now)).toBeNull();
		expect(await moneyBackOffer(client, owner.id, ids.valheim, now)).toBeNull();
		expect(await moneyBackOffer(client, owner.id, 'not-a-uuid', now)).toBeNull();
	});
});
