import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@supabase/supabase-js';
import type * as UpgradeModule from '../../../src/server/billing/upgrade/upgrade.ts';
import type * as PauseModule from '../../../src/server/billing/pause/pause.ts';
import type * as FulfilmentModule from '../../../src/server/billing/payment-events/handle.ts';
import type * as GatewayModule from '../../../src/server/payments/test-gateway.ts';
import type * as PaymentsModule from '../../../src/server/payments/index.ts';
import type * as LifecycleModule from '../../../src/server/http/lifecycle.ts';
import { placedOrder } from '../checkout/paid-service.ts';
import { origin, startBillingStack, type BillingStack } from './fixture.ts';

// Issue 27 item 4: every card payment is a new checkout, so the gateway names the card by a new
// method id each time; the card is one entry all the same (the gateway's fingerprint). Payments
// go through the test gateway's own webhook, as its TEST MODE page's Pay button sends them.

let b: BillingStack;
let owner: User;
let upgrade: typeof UpgradeModule;
let pause: typeof PauseModule;
let handlePaymentEvent: typeof FulfilmentModule.handlePaymentEvent;
let gateway: typeof GatewayModule;
let payments: typeof PaymentsModule;
let lifecycle: typeof LifecycleModule;

beforeAll(async () => {
	b = await startBillingStack();
	upgrade = await import('../../../src/server/billing/upgrade/upgrade.ts');
	pause = await import('../../../src/server/billing/pause/pause.ts');
	({ handlePaymentEvent } = await import('../../../src/server/billing/payment-events/handle.ts'));
	gateway = await import('../../../src/server/payments/test-gateway.ts');
	payments = await import('../../../src/server/payments/index.ts');
	lifecycle = await import('../../../src/server/http/lifecycle.ts');
	owner = (await b.p.owner.auth.getUser()).data.user!;
}, 60_000);

afterAll(() => b.stop());

/** Pays `invoiceId` by card on a checkout of its own, through the test gateway's signed webhook. */
async function payByCard(invoiceId: string, amount: number, currency: 'EUR' | 'NOK' = 'EUR') {
	const session = {
		sid: randomUUID().replaceAll('-', ''),
		invoiceId,
		orderId: invoiceId,
		amount,
		currency,
		method: 'card' as const,
		successUrl: `${origin}/ok`,
		cancelUrl: `${origin}/back`,
		expiresAt: Math.floor(Date.now() / 1000) + 600,
	};
	const { rawBody, headers } = gateway.signTestWebhook(gateway.testWebhookFor(session, 'pay'));
	const event = await payments.getPaymentGateway().parseWebhook(rawBody, new Headers(headers));
	await handlePaymentEvent(event, origin);
	return `tgpm_${session.sid}`;
}

const cards = async () =>
	(
		await b.p.service
			.from('payment_methods')
			.select('gateway_reference, last4, is_default')
			.eq('user_id', owner.id)
	).data!;

describe('one card, one saved entry', () => {
	it('an order, an upgrade and a pause paid with the same card save it once', async () => {
		const id = await b.activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
		expect(await cards()).toEqual([]);

		// The order: a new service's first invoice (its server is made in the background).
		const ordered = (await placedOrder(b.p, owner.id, `one-card-${randomUUID()}`)).invoice_id;
		await payByCard(ordered, 1000);
		await lifecycle.backgroundSettled();

		const now = { origin, locale: 'en' as const, now: new Date('2027-02-05T10:00:00Z') };
		const bigger = { ram: 12, storageGb: 25, extras: [] };
		const upgraded = await upgrade.orderUpgrade(b.admin, owner, id, bigger, 'card', now);
		if (typeof upgraded === 'string') throw new Error(upgraded);
		await payByCard(upgraded.invoiceId, upgraded.total);
		await lifecycle.backgroundSettled();

		const paused = await pause.requestPause(b.admin, owner, id, { months: 1, method: 'card' }, now);
		if (typeof paused === 'string') throw new Error(paused);
		const newest = await payByCard(paused.invoiceId, paused.total);
		await lifecycle.backgroundSettled();

		// The one entry names the newest method id: the one renewals charge.
		const saved = await cards();
		expect(saved).toEqual([{ gateway_reference: newest, last4: '4242', is_default: true }]);

		// A different card (the test gateway's declining one, added from the panel) is a second entry.
		await addCard('declining');
		expect((await cards()).map((c) => c.last4).sort()).toEqual(['0341', '4242']);
		// The same Visa added again from the panel is still the one entry.
		await addCard('visa');
		expect((await cards()).map((c) => c.last4).sort()).toEqual(['0341', '4242']);
	});
});

async function addCard(card: 'visa' | 'declining') {
	const setup = { sid: randomUUID().replaceAll('-', ''), profileId: owner.id };
	const body = gateway.testCardWebhookFor(
		{ ...setup, successUrl: `${origin}/ok`, cancelUrl: `${origin}/back`, expiresAt: 0 },
		card,
	);
	const { rawBody, headers } = gateway.signTestWebhook(body);
	const event = await payments.getPaymentGateway().parseWebhook(rawBody, new Headers(headers));
	await handlePaymentEvent(event, origin);
}
