import type { User } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FakePterodactyl } from '../game-panel/fake-pterodactyl/index.ts';
import { ids, other, type Personas } from '../data-model/personas.ts';
import type * as PauseModule from '../../../src/server/billing/pause/pause.ts';
import type * as FulfilmentModule from '../../../src/server/billing/payment-events/handle.ts';
import { origin, startBillingStack, type BillingStack } from './fixture.ts';

// Pauses through the server modules on the local stack, with the fake Pterodactyl as the game
// panel and the test gateway: asked for, paid by a webhook event, resumed early, ended by the sweep.

let b: BillingStack;
let p: Personas;
let fake: FakePterodactyl;
let owner: User;
let pause: typeof PauseModule;
let admin: BillingStack['admin'];
let handlePaymentEvent: typeof FulfilmentModule.handlePaymentEvent;
const asked = new Date('2027-02-10T10:00:00Z');
const DAY = 86_400_000;

beforeAll(async () => {
	b = await startBillingStack();
	({ p, fake, admin } = b);
	pause = await import('../../../src/server/billing/pause/pause.ts');
	({ handlePaymentEvent } = await import('../../../src/server/billing/payment-events/handle.ts'));
	owner = (await p.owner.auth.getUser()).data.user!;
}, 60_000);

afterAll(() => b.stop());

/** An active monthly Palworld server bought on January 31, its first invoice paid, due Feb 28. */
const activeService = (currency: 'EUR' | 'NOK' = 'EUR') =>
	b.activeService('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z', { currency });

const serviceOf = async (id: string) =>
	(await p.service.from('services').select('status, current_period_end').eq('id', id).single())
		.data!;
const pausesOf = async (id: string) =>
	(await p.service.from('service_pauses').select('*').eq('service_id', id).order('created_at'))
		.data!;
const pauseInvoices = async (id: string) =>
	(
		await p.service
			.from('invoices')
			.select(
				'id, status, currency, subtotal, tax_rate, tax, total, period_start, period_end, billing_name, billing_country, invoice_items(kind, quantity, unit_amount, amount)',
			)
			.eq('service_id', id)
			.eq('kind', 'pause')
			.order('created_at')
	).data!;
const fakeServer = (id: string) => fake.state.servers.find((server) => server.external_id === id);
const day = (iso: string) => iso.slice(0, 10);

async function pay(invoiceId: string, total: number, currency: string) {
	await handlePaymentEvent(
		{
			kind: 'paid',
			eventId: `pause-${invoiceId}`,
			gateway: 'test',
			invoiceId,
			amount: total,
			currency,
			paymentId: `pay-pause-${invoiceId}`,
			method: 'card',
		},
		origin,
	);
}

/** A service paused for `months`, paid through a webhook event; its running pause row. */
async function pausedService(months: number) {
	const id = await activeService();
	const made = await pause.requestPause(
		admin,
		owner,
		id,
		{ months, method: 'card' },
		{ origin, locale: 'en', now: asked },
	);
	if (typeof made === 'string') throw new Error(made);
	await pay(made.invoiceId, made.total, made.currency);
	const [running] = await pausesOf(id);
	return { id, running: running! };
}

describe('asking for a pause', () => {
	it('is refused while the service has an unpaid invoice, and writes nothing', async () => {
		// The seeded Palworld server has an unpaid renewal invoice.
		const refused = await pause.createPauseInvoice(admin, owner.id, ids.palworld, 1, new Date());
		expect(refused).toBe('unpaid_invoice');
		expect(await pausesOf(ids.palworld)).toEqual([]);
		expect(await pauseInvoices(ids.palworld)).toEqual([]);
	});

	it('is refused while a cancellation is pending', async () => {
		const id = await activeService();
		await p.service
			.from('services')
			.update({ cancel_at_period_end: true, cancellation_reason: 'Done playing' })
			.eq('id', id);
		expect(await pause.createPauseInvoice(admin, owner.id, id, 1, asked)).toBe(
			'cancellation_pending',
		);
		expect(await pauseInvoices(id)).toEqual([]);
	});

	it('is refused while suspended for not paying, and while not active', async () => {
		const id = await activeService();
		await p.service.from('services').update({ status: 'suspended' }).eq('id', id);
		expect(await pause.createPauseInvoice(admin, owner.id, id, 1, asked)).toBe('suspended');
		await p.service.from('services').update({ status: 'terminated' }).eq('id', id);
		expect(await pause.createPauseInvoice(admin, owner.id, id, 1, asked)).toBe('not_active');
		expect(await pauseInvoices(id)).toEqual([]);
	});

	it('is refused for 0 and 4 months, by the module and by the database function', async () => {
		const id = await activeService();
		expect(await pause.createPauseInvoice(admin, owner.id, id, 0, asked)).toBe('invalid_months');
		expect(await pause.createPauseInvoice(admin, owner.id, id, 4, asked)).toBe('invalid_months');
		const { error } = await p.service.rpc('request_service_pause', {
			customer: owner.id,
			service: id,
			at: asked.toISOString(),
			months: 4,
			amounts: { fee: 400, tax_rate: 25, tax: 100 },
			description: 'Pause',
			line: { kind: 'pause', plan: 'palworld-standard', months: 4 },
		});
		expect(error?.message).toBe('invalid_months');
		expect(await pausesOf(id)).toEqual([]);
		expect(await pauseInvoices(id)).toEqual([]);
	});

	it("answers not_found for another customer's service and a malformed id", async () => {
		const id = await activeService();
		expect(await pause.createPauseInvoice(admin, other.id, id, 1, asked)).toBe('not_found');
		expect(await pause.createPauseInvoice(admin, owner.id, ids.valheim, 1, asked)).toBe(
			'not_found',
		);
		expect(await pause.createPauseInvoice(admin, owner.id, 'not-a-uuid', 1, asked)).toBe(
			'not_found',
		);
		expect(await pause.resumePause(admin, other.id, id, asked)).toBe('not_found');
		expect(await pausesOf(id)).toEqual([]);
	});

	it('invoices the fee with VAT on top, exactly, in EUR and NOK', async () => {
		const eur = await activeService('EUR');
		const euro = await pause.createPauseInvoice(admin, owner.id, eur, 1, asked);
		expect(euro).toMatchObject({ total: 125, currency: 'EUR' }); // 1 EUR + 25 % (Norway)
		const [invoice] = await pauseInvoices(eur);
		expect(invoice).toMatchObject({
			status: 'unpaid',
			subtotal: 100,
			tax_rate: 25,
			tax: 25,
			total: 125,
			period_start: null,
			period_end: null,
			billing_country: 'NO',
			invoice_items: [{ kind: 'pause', quantity: 1, unit_amount: 100, amount: 100 }],
		});
		expect(invoice!.billing_name).not.toBe('');

		const nok = await activeService('NOK'); // its order writes the billing address (Norway)
		await p.service.from('profiles').update({ country: 'DE' }).eq('id', owner.id);
		try {
			const kroner = await pause.createPauseInvoice(admin, owner.id, nok, 3, asked);
			expect(kroner).toMatchObject({ total: 3570, currency: 'NOK' }); // 30 kr + 19 % (Germany)
			expect((await pauseInvoices(nok))[0]).toMatchObject({
				subtotal: 3000,
				tax_rate: 19,
				tax: 570,
				total: 3570,
				invoice_items: [{ kind: 'pause', quantity: 3, unit_amount: 1000, amount: 3000 }],
			});
		} finally {
			await p.service.from('profiles').update({ country: 'NO' }).eq('id', owner.id);
		}
	});

	it('asked again for the same months is the same invoice; other months replace it', async () => {
		const id = await activeService();
		const first = await pause.createPauseInvoice(admin, owner.id, id, 1, asked);
		const again = await pause.createPauseInvoice(admin, owner.id, id, 1, asked);
		expect(again).toMatchObject({ invoiceId: (first as { invoiceId: string }).invoiceId });
		const longer = await pause.createPauseInvoice(admin, owner.id, id, 2, asked);
		expect(longer).toMatchObject({ total: 250 });
		expect((await pauseInvoices(id)).map((invoice) => invoice.status)).toEqual([
			'cancelled',
			'unpaid',
		]);
		expect((await pausesOf(id)).map((row) => [row.months, row.status])).toEqual([
			[1, 'cancelled'],
			[2, 'pending'],
		]);
		// The replaced invoice paid anyway (a payment page left open): nothing starts, and the
		// payment is given back in full (billing/payment-events/give-back.ts).
		await pay((first as { invoiceId: string }).invoiceId, 125, 'EUR');
		expect((await serviceOf(id)).status).toBe('active');
		const { data: replaced } = await p.service
			.from('invoices')
			.select('status, transactions(kind, amount, status)')
			.eq('id', (first as { invoiceId: string }).invoiceId)
			.single();
		expect(replaced?.status).toBe('cancelled');
		expect(replaced?.transactions).toEqual(
			expect.arrayContaining([
				{ kind: 'payment', amount: 125, status: 'succeeded' },
				{ kind: 'refund', amount: 125, status: 'succeeded' },
			]),
		);
	});
});

describe('a paid pause', () => {
	it('opens a gateway payment, then suspends on the panel and moves the due date by the months', async () => {
		const id = await activeService();
		const made = await pause.requestPause(
			admin,
			owner,
			id,
			{ months: 1, method: 'card' },
			{ origin, locale: 'en', now: asked },
		);
		if (typeof made === 'string') throw new Error(made);
		expect(made).toMatchObject({ total: 125, currency: 'EUR' });
		expect(made.paymentUrl).toContain('/checkout/test-gateway/');
		expect((await serviceOf(id)).status).toBe('active'); // nothing happens before payment

		await pay(made.invoiceId, made.total, made.currency);
		const service = await serviceOf(id);
		expect(service.status).toBe('suspended');
		// Jan 31 anchor: due Feb 28, one month later is Mar 31 (addCycle keeps the anchor day).
		expect(service.current_period_end).toContain('2027-03-31T12:00:00');
		expect(fakeServer(id)?.status).toBe('suspended');
		const [running] = await pausesOf(id);
		expect(running).toMatchObject({ status: 'active', months: 1, days: 31 });
		expect(new Date(running!.ends_at).getTime() - new Date(running!.starts_at).getTime()).toBe(
			31 * DAY,
		);
		const { data: activity } = await p.service
			.from('service_activity')
			.select('event')
			.eq('service_id', id)
			.eq('event', 'paused');
		expect(activity).toHaveLength(1);
	});

	it('refuses a second pause while paused', async () => {
		const { id } = await pausedService(2);
		expect(await pause.createPauseInvoice(admin, owner.id, id, 1, asked)).toBe('already_paused');
		expect(await pauseInvoices(id)).toHaveLength(1);
	});

	it('resumed early: unsuspended, the due date moves back by all but the whole days it ran', async () => {
		const { id, running } = await pausedService(1);
		expect(day((await serviceOf(id)).current_period_end)).toBe('2027-03-31');
		// 10 days and 5 hours in: 10 whole days ran, so 21 come back (the day under way with them).
		const at = new Date(new Date(running.starts_at).getTime() + 10 * DAY + 5 * 3_600_000);
		const resumed = await pause.resumePause(admin, owner.id, id, at);
		expect(resumed).toMatchObject({ daysReturned: 21 });
		const service = await serviceOf(id);
		expect(service.status).toBe('active');
		expect(service.current_period_end).toContain('2027-03-10T12:00:00');
		expect(fakeServer(id)?.status).toBeNull();
		expect((await pausesOf(id))[0]).toMatchObject({ status: 'ended', days_returned: 21 });
		expect(await pause.resumePause(admin, owner.id, id, at)).toBe('not_paused');
		// The fee is not refunded.
		expect((await pauseInvoices(id))[0]?.status).toBe('paid');
	});

	it('paused and resumed at once, three times over, leaves the due date where it was', async () => {
		// Issue 26 item 7: each loop moved the due date one day later (26 → 29 December).
		const id = await activeService();
		const dueDates: string[] = [];
		// Each pause moves Feb 28 to Mar 31 (anchor day 31): 31 days, all of them given back.
		const returned: [number, number | null][] = [];
		for (let loop = 1; loop <= 3; loop++) {
			const made = await pause.createPauseInvoice(admin, owner.id, id, 1, asked);
			if (typeof made === 'string') throw new Error(made);
			await pay(made.invoiceId, made.total, made.currency);
			const running = (await pausesOf(id)).at(-1)!;
			expect(running.status).toBe('active');
			const at = new Date(new Date(running.starts_at).getTime() + 60_000);
			const resumed = await pause.resumePause(admin, owner.id, id, at);
			if (typeof resumed === 'string') throw new Error(resumed);
			returned.push([resumed.daysReturned, running.days]);
			dueDates.push((await serviceOf(id)).current_period_end);
		}
		expect(dueDates.map(day)).toEqual(['2027-02-28', '2027-02-28', '2027-02-28']);
		expect(dueDates[2]).toContain('T12:00:00');
		expect(returned).toEqual([
			[31, 31],
			[31, 31],
			[31, 31],
		]);
	});

	it('end_service_pause refuses a count of days the pause cannot give back, and changes nothing', async () => {
		const { id, running } = await pausedService(1);
		for (const returned of [-1, 32]) {
			const { error } = await p.service.rpc('end_service_pause', {
				pause: running.id,
				at: running.starts_at,
				returned,
			});
			expect(error?.message, String(returned)).toContain('invalid days returned');
		}
		expect(await serviceOf(id)).toMatchObject({ status: 'suspended' });
		expect(day((await serviceOf(id)).current_period_end)).toBe('2027-03-31');
		expect((await pausesOf(id))[0]).toMatchObject({ status: 'active', days_returned: null });
	});

	it('ends by itself at its end: endDuePauses unsuspends and keeps the moved due date', async () => {
		const { id, running } = await pausedService(1);
		const before = new Date(new Date(running.ends_at).getTime() - 3_600_000);
		expect(await pause.endDuePauses(admin, before)).toMatchObject({ ended: 0, failures: [] });
		expect((await serviceOf(id)).status).toBe('suspended');
		const after = new Date(new Date(running.ends_at).getTime() + 3_600_000);
		const sweep = await pause.endDuePauses(admin, after);
		expect(sweep.failures).toEqual([]);
		expect(sweep.ended).toBeGreaterThanOrEqual(1);
		const service = await serviceOf(id);
		expect(service.status).toBe('active');
		expect(service.current_period_end).toContain('2027-03-31T12:00:00');
		expect(fakeServer(id)?.status).toBeNull();
		expect((await pausesOf(id))[0]).toMatchObject({ status: 'ended', days_returned: 0 });
	});
});
