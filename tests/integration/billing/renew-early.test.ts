import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@supabase/supabase-js';
import type * as RenewModule from '../../../src/server/billing/run/renew-early.ts';
import type * as FulfilmentModule from '../../../src/server/billing/payment-events/handle.ts';
import { origin, startBillingStack, type BillingStack } from './fixture.ts';

// Renewing early: the next renewal invoice now, paid through the gateway, extending the period
// from the current due date; the same invoice the billing run would have issued, never a second.

let b: BillingStack;
let owner: User;
let renewEarly: typeof RenewModule.renewEarly;
let handlePaymentEvent: typeof FulfilmentModule.handlePaymentEvent;

beforeAll(async () => {
	b = await startBillingStack();
	({ renewEarly } = await import('../../../src/server/billing/run/renew-early.ts'));
	({ handlePaymentEvent } = await import('../../../src/server/billing/payment-events/handle.ts'));
	owner = (await b.p.owner.auth.getUser()).data.user!;
}, 60_000);

afterAll(() => b.stop());

const context = (at: string) => ({ origin, locale: 'no' as const, now: new Date(at) });

describe('renewing early', () => {
	it('issues the next period’s invoice now; paying it extends from the due date', async () => {
		const id = await b.activeService('2027-03-31T12:00:00Z', '2027-04-30T12:00:00Z');
		const first = await renewEarly(b.admin, owner, id, 'card', context('2027-04-05T10:00:00Z'));
		if (typeof first === 'string') throw new Error(first);
		expect(first).toMatchObject({ total: 1000, currency: 'EUR' });
		expect(first.paymentUrl).toContain('/no/checkout/test-gateway/');
		const again = await renewEarly(b.admin, owner, id, 'card', context('2027-04-06T10:00:00Z'));
		expect(typeof again !== 'string' && again.invoiceId).toBe(first.invoiceId);

		await handlePaymentEvent(
			{
				kind: 'paid',
				eventId: `early-${id}`,
				gateway: 'test',
				invoiceId: first.invoiceId,
				amount: 1000,
				currency: 'EUR',
				paymentId: `pay-early-${id}`,
				method: 'card',
			},
			origin,
		);
		const service = (
			await b.p.service
				.from('services')
				.select('current_period_start, current_period_end')
				.eq('id', id)
				.single()
		).data!;
		expect(String(service.current_period_start)).toMatch(/^2027-04-30/);
		expect(String(service.current_period_end)).toMatch(/^2027-05-31/); // on the anchor day
	});

	it('is refused for a pending cancellation and for someone else’s server', async () => {
		const id = await b.activeService('2027-03-01T12:00:00Z', '2027-03-31T12:00:00Z');
		await b.p.service
			.from('services')
			.update({ cancel_at_period_end: true, cancellation_reason: 'Done playing' })
			.eq('id', id);
		expect(await renewEarly(b.admin, owner, id, 'card', context('2027-03-05T10:00:00Z'))).toBe(
			'not_renewable',
		);
		const stranger = { ...owner, id: '9a1f4b7c-2e3d-4f5a-8b6c-7d8e9f0a1b02' };
		expect(await renewEarly(b.admin, stranger, id, 'card', context('2027-03-05T10:00:00Z'))).toBe(
			'not_found',
		);
	});
});
