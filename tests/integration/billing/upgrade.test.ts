import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '@supabase/supabase-js';
import type * as UpgradeModule from '../../../src/server/billing/upgrade/upgrade.ts';
import type * as FulfilmentModule from '../../../src/server/billing/payment-events/handle.ts';
import { other } from '../data-model/personas.ts';
import { origin, startBillingStack, type BillingStack } from './fixture.ts';

// Upgrades through the server modules the API routes wire: priced pro rata by the server, refused
// where the rules refuse, applied on the game panel and to the service once paid.

let b: BillingStack;
let owner: User;
let upgrade: typeof UpgradeModule;
let handlePaymentEvent: typeof FulfilmentModule.handlePaymentEvent;

beforeAll(async () => {
	b = await startBillingStack();
	upgrade = await import('../../../src/server/billing/upgrade/upgrade.ts');
	({ handlePaymentEvent } = await import('../../../src/server/billing/payment-events/handle.ts'));
	owner = (await b.p.owner.auth.getUser()).data.user!;
}, 60_000);

afterAll(() => b.stop());

const bigger = { ram: 12, storageGb: 25, extras: [] };
const on = (at: string) => ({ origin, locale: 'de' as const, now: new Date(at) });
const pay = (invoiceId: string, amount: number) =>
	handlePaymentEvent(
		{
			kind: 'paid',
			eventId: `upgrade-${invoiceId}`,
			gateway: 'test',
			invoiceId,
			amount,
			currency: 'EUR',
			paymentId: `pay-${invoiceId}`,
			method: 'card',
		},
		origin,
	);

describe('an upgrade mid-period', () => {
	it('costs the difference for the days left, with VAT, and applies once paid', async () => {
		const id = await b.activeService('2027-03-01T12:00:00Z', '2027-03-31T12:00:00Z');
		// Palworld standard 8 → 12 GB: 8.00 → 12.00 EUR a month; 20 of 30 days left on 11 March.
		const quote = await upgrade.orderUpgrade(
			b.admin,
			owner,
			id,
			bigger,
			'card',
			on('2027-03-11T09:00:00Z'),
		);
		if (typeof quote === 'string') throw new Error(quote);
		expect(quote.quote).toMatchObject({
			oldAmount: 800,
			newAmount: 1200,
			daysLeft: 20,
			daysInPeriod: 30,
			net: 267,
			taxPercent: 25,
			tax: 67,
			total: 334,
		});
		expect(quote.paymentUrl).toContain('/de/checkout/test-gateway/');
		expect(
			await upgrade.orderUpgrade(
				b.admin,
				owner,
				id,
				{ ...bigger, ram: 16 },
				'card',
				on('2027-03-11T10:00:00Z'),
			),
		).toBe('upgrade_pending');

		await pay(quote.invoiceId, 334);
		const service = (
			await b.p.service.from('services').select('ram_gb, recurring_amount').eq('id', id).single()
		).data;
		expect(service).toEqual({ ram_gb: 12, recurring_amount: 1200 });
		const server = b.fake.state.servers.find((s) => s.external_id === id);
		expect(server?.limits.memory).toBe(12 * 1024);
		await pay(quote.invoiceId, 334); // a replayed webhook applies nothing twice
		const activity = (
			await b.p.service
				.from('service_activity')
				.select('event')
				.eq('service_id', id)
				.eq('event', 'upgraded')
		).data;
		expect(activity).toHaveLength(1);
	});

	it('is refused with an unpaid invoice, when not bigger, for a foreign or unknown server', async () => {
		const id = await b.activeService('2027-03-01T12:00:00Z', '2027-03-31T12:00:00Z');
		expect(
			await upgrade.orderUpgrade(
				b.admin,
				owner,
				id,
				{ ...bigger, ram: 8 },
				'card',
				on('2027-03-11T09:00:00Z'),
			),
		).toBe('not_an_upgrade');
		expect(
			await upgrade.orderUpgrade(
				b.admin,
				owner,
				id,
				{ ...bigger, ram: 13 },
				'card',
				on('2027-03-11T09:00:00Z'),
			),
		).toBe('invalid_ram');
		const stranger = { ...owner, id: other.id };
		expect(
			await upgrade.orderUpgrade(b.admin, stranger, id, bigger, 'card', on('2027-03-11T09:00:00Z')),
		).toBe('not_found');
		expect(
			await upgrade.orderUpgrade(
				b.admin,
				owner,
				'nope',
				bigger,
				'card',
				on('2027-03-11T09:00:00Z'),
			),
		).toBe('not_found');
		await b.p.service
			.from('invoices')
			.update({ status: 'unpaid', paid_at: null })
			.eq('service_id', id);
		expect(
			await upgrade.orderUpgrade(b.admin, owner, id, bigger, 'card', on('2027-03-11T09:00:00Z')),
		).toBe('unpaid_invoice');
		const invoices = (
			await b.p.service.from('invoices').select('id').eq('service_id', id).eq('kind', 'upgrade')
		).data;
		expect(invoices).toEqual([]);
	});

	it('is refused while the service is suspended', async () => {
		const id = await b.activeService('2027-03-01T12:00:00Z', '2027-03-31T12:00:00Z');
		await b.p.service.from('services').update({ status: 'suspended' }).eq('id', id);
		expect(
			await upgrade.orderUpgrade(b.admin, owner, id, bigger, 'card', on('2027-03-11T09:00:00Z')),
		).toBe('not_active');
	});

	// Issue 42: adding the modpack extra at the same size read as "Upgrade to 8 GB RAM, 25 GB
	// storage", a size the server already had: the line now names what it adds.
	it('names the modpack extra it adds on its invoice line', async () => {
		const id = await b.activeService('2027-03-01T12:00:00Z', '2027-03-31T12:00:00Z');
		await b.p.service
			.from('services')
			.update({ game: 'minecraft', plan_id: 'minecraft-budget', tier: 'budget' })
			.eq('id', id);
		const ordered = await upgrade.orderUpgrade(
			b.admin,
			owner,
			id,
			{ ram: 8, storageGb: 25, extras: ['modpackInstallation'] },
			'card',
			on('2027-03-11T09:00:00Z'),
		);
		if (typeof ordered === 'string') throw new Error(ordered);
		const { data: item } = await b.p.service
			.from('invoice_items')
			.select('line, description')
			.eq('invoice_id', ordered.invoiceId)
			.single();
		expect(item?.line).toMatchObject({ kind: 'upgrade', ramGb: 8, extras: { modpack: true } });
		expect(item?.description).toBe(
			'Upgrade to 8 GB RAM, 25 GB storage, modpack installation (Modpacks tab): 20 of 30 days',
		);
	});
});
