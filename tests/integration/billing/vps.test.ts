import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { User } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as RunModule from '../../../src/server/billing/run/run.ts';
import type * as MoneyBackModule from '../../../src/server/billing/refund/money-back.ts';
import type * as UpgradeModule from '../../../src/server/billing/upgrade/upgrade.ts';
import type * as PauseModule from '../../../src/server/billing/pause/pause.ts';
import type * as FulfilmentModule from '../../../src/server/billing/payment-events/handle.ts';
import type * as ActionsModule from '../../../src/server/servers/actions.ts';
import type * as HypervisorModule from '../../../src/server/hypervisor/index.ts';
import type * as MachineModule from '../../../src/server/vps/machine.ts';
import type * as UpgradeQueryModule from '../../../src/server/invoices/upgrade-query.ts';
import { loadMachines } from '../../../src/server/hypervisor/sim-store.ts';
import { origin, startBillingStack, type BillingStack } from './fixture.ts';

// Billing drives a VPS's machine as it drives a game server: on the simulated hypervisor (in a
// file, no delay), through the real run, payments, refund, upgrade and pause on the local stack.

let b: BillingStack;
let owner: User;
let simFile: string;
let runBilling: typeof RunModule.runBilling;
let requestMoneyBack: typeof MoneyBackModule.requestMoneyBack;
let orderUpgrade: typeof UpgradeModule.orderUpgrade;
let pause: typeof PauseModule;
let handlePaymentEvent: typeof FulfilmentModule.handlePaymentEvent;
let powerServer: typeof ActionsModule.powerServer;
let getHypervisor: typeof HypervisorModule.getHypervisor;
let loadMachine: typeof MachineModule.loadMachine;
let upgradePayment: typeof UpgradeQueryModule.upgradePayment;

beforeAll(async () => {
	b = await startBillingStack({ panel: 'simulated' });
	simFile = join(await mkdtemp(join(tmpdir(), 'vps-billing-')), 'hypervisor.json');
	Object.assign(process.env, {
		PROXMOX_URL: '',
		HYPERVISOR_SIM_DELAY_MS: '0',
		HYPERVISOR_SIM_FILE: simFile,
	});
	({ runBilling } = await import('../../../src/server/billing/run/run.ts'));
	({ requestMoneyBack } = await import('../../../src/server/billing/refund/money-back.ts'));
	({ orderUpgrade } = await import('../../../src/server/billing/upgrade/upgrade.ts'));
	pause = await import('../../../src/server/billing/pause/pause.ts');
	({ handlePaymentEvent } = await import('../../../src/server/billing/payment-events/handle.ts'));
	({ powerServer } = await import('../../../src/server/servers/actions.ts'));
	({ getHypervisor } = await import('../../../src/server/hypervisor/index.ts'));
	({ loadMachine } = await import('../../../src/server/vps/machine.ts'));
	({ upgradePayment } = await import('../../../src/server/invoices/upgrade-query.ts'));
	owner = (await b.p.owner.auth.getUser()).data.user!;
}, 60_000);

afterAll(() => b.stop());

let serial = 0;

/** Places a VPS order (vps-premium, 2 GB, Debian) as checkout does; unpaid. */
async function placeVps(): Promise<{ id: string; invoice: string }> {
	const key = `vps-billing-${++serial}-${Date.now()}`;
	const { data, error } = await b.p.service.rpc('place_order', {
		customer: b.ownerId,
		idempotency_key: key,
		service: {
			product_type: 'vps',
			location: 'oslo',
			plan_id: 'vps-premium',
			tier: 'premium',
			ram_gb: 2,
			storage_gb: 20,
			billing_cycle: 'monthly',
			vps: {
				image: 'debian-12',
				hostname: `vps-${serial}`,
				ssh_keys: [],
				cores: 1,
				nodes: ['pve1'],
			},
		},
		amounts: { currency: 'EUR', subtotal: 500, discount: 0, tax_rate: 25, tax: 125, total: 625 },
		billing: {
			name: 'Demo Kunde',
			address: 'Gate 1',
			postcode: '0150',
			city: 'Oslo',
			country: 'NO',
		},
		description: 'VPS',
		line: { kind: 'plan', plan: 'vps-premium', tier: 'premium', ramGb: 2, cycle: 'monthly' },
		payment_method: 'card',
	});
	if (error) throw new Error(error.message);
	const placed = data as { service_id: string; invoice_id: string };
	return { id: placed.service_id, invoice: placed.invoice_id };
}

/** A paid VPS whose machine runs on the simulated hypervisor, active in the period given. */
async function activeVps(start: string, periodEnd: string): Promise<string> {
	const { id, invoice } = await placeVps();
	await b.p.service.rpc('settle_invoice', {
		event_id: `evt-${id}`,
		gateway: 'test',
		invoice,
		amount: 625,
		currency: 'EUR',
		reference: `pay-${id}`,
	});
	const machine = (await loadMachine(b.admin, id))!;
	await getHypervisor().createMachine({
		serviceId: id,
		vmid: machine.ref.vmid,
		node: machine.ref.node,
		template: 9012,
		hostname: machine.hostname,
		cores: 1,
		memoryMb: 2048,
		diskGb: 20,
		access: {
			user: 'root',
			sshKeys: ['ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIFrostnodeTestKey0000000000000000000000 t'],
		},
		ip: machine.ip,
	});
	await b.p.service
		.from('services')
		.update({ status: 'active', current_period_start: start, current_period_end: periodEnd })
		.eq('id', id);
	// No saved card: the run would charge it instead of suspending.
	await b.p.service.from('payment_methods').delete().eq('user_id', b.ownerId);
	return id;
}

const run = (at: string) => runBilling(b.admin, { now: new Date(at), origin });

/** The machine as the simulation keeps it (state file), or undefined once destroyed. */
async function simMachine(id: string) {
	const machine = await loadMachine(b.admin, id);
	return loadMachines(simFile).machines.find((m) => m.vmid === machine?.ref.vmid);
}

async function machineState(id: string) {
	const machine = (await loadMachine(b.admin, id))!;
	return (await getHypervisor().machineState(machine.ref)).state;
}

const heldAddresses = async (id: string) =>
	(await b.p.service.from('vps_addresses').select('address').eq('service_id', id)).data!;

const status = async (id: string) =>
	(await b.p.service.from('services').select('status').eq('id', id).single()).data!.status;

async function pay(invoiceId: string, amount: number) {
	await handlePaymentEvent(
		{
			kind: 'paid',
			eventId: `pay-${invoiceId}`,
			gateway: 'test',
			invoiceId,
			amount,
			currency: 'EUR',
			paymentId: `pay-${invoiceId}`,
			method: 'card',
		},
		origin,
	);
}

describe('billing a VPS on the hypervisor', () => {
	it('suspends the machine on day 3 with the power controls off, and payment starts it again', async () => {
		const id = await activeVps('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
		expect(getHypervisor().kind).toBe('simulated');
		expect(await machineState(id)).toBe('running');
		await run('2027-02-21T13:00:00Z');
		await run('2027-03-03T13:00:00Z');
		expect(await status(id)).toBe('suspended');
		expect(await machineState(id)).toBe('suspended');
		// The game server's actions are not a VPS's (the power route sends a VPS to the hypervisor,
		// which refuses a suspended machine below).
		expect(await powerServer(b.admin, owner, id, 'start')).toBe('not_found');
		const machine = (await loadMachine(b.admin, id))!;
		await expect(getHypervisor().power(machine.ref, 'start')).rejects.toThrow(/suspended/);

		const { data: renewal } = await b.p.service
			.from('invoices')
			.select('id, total')
			.eq('service_id', id)
			.eq('kind', 'renewal')
			.single();
		await pay(renewal!.id, renewal!.total);
		expect(await status(id)).toBe('active');
		expect(await machineState(id)).toBe('running');
		expect(await heldAddresses(id)).toHaveLength(2);
	});

	it('terminates on day 14: the machine is destroyed and its addresses go back to the pool', async () => {
		const id = await activeVps('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
		expect(await heldAddresses(id)).toHaveLength(2);
		await run('2027-02-21T13:00:00Z');
		await run('2027-03-03T13:00:00Z');
		const summary = await run('2027-03-14T13:00:00Z');
		expect(summary).toMatchObject({ ran: true, failures: [] });
		expect(await status(id)).toBe('terminated');
		expect(await simMachine(id)).toBeUndefined();
		expect(await heldAddresses(id)).toEqual([]);
	});

	it('a cancellation ends at the period end: the machine is destroyed, its addresses freed', async () => {
		const id = await activeVps('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
		await b.p.service
			.from('services')
			.update({ cancel_at_period_end: true, cancellation_reason: 'Moving it home' })
			.eq('id', id);
		await run('2027-02-27T13:00:00Z');
		expect(await simMachine(id)).toBeDefined();
		await run('2027-02-28T13:00:00Z');
		expect(await status(id)).toBe('cancelled');
		expect(await simMachine(id)).toBeUndefined();
		expect(await heldAddresses(id)).toEqual([]);
	});

	it('gives the money back within 14 days of paying a VPS and destroys its machine', async () => {
		const id = await activeVps('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
		const { data: first } = await b.p.service
			.from('invoices')
			.select('paid_at')
			.eq('service_id', id)
			.eq('kind', 'new')
			.single();
		const tenDaysLater = new Date(new Date(first!.paid_at).getTime() + 10 * 86_400_000);
		const refund = await requestMoneyBack(b.admin, owner, id, 'not what I needed', tenDaysLater);
		expect(refund).toMatchObject({ total: 625, currency: 'EUR' });
		expect(await simMachine(id)).toBeUndefined();
		expect(await heldAddresses(id)).toEqual([]);
		expect(['cancelled', 'terminated']).toContain(await status(id));
	});

	it('refuses the money back after 14 days and leaves the machine', async () => {
		const id = await activeVps('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
		const { data: first } = await b.p.service
			.from('invoices')
			.select('paid_at')
			.eq('service_id', id)
			.eq('kind', 'new')
			.single();
		const late = new Date(new Date(first!.paid_at).getTime() + 15 * 86_400_000);
		expect(await requestMoneyBack(b.admin, owner, id, 'too late', late)).toBe('window_closed');
		expect(await simMachine(id)).toBeDefined();
	});

	it('an upgrade resizes the machine: cores and memory of the new size, a bigger disk', async () => {
		const id = await activeVps('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
		const ordered = await orderUpgrade(
			b.admin,
			owner,
			id,
			{ ram: 4, storageGb: null, extras: [] },
			'card',
			{ origin, locale: 'en', now: new Date('2027-02-14T10:00:00Z') },
		);
		if (typeof ordered === 'string') throw new Error(ordered);
		// Its page says a VPS's cores and memory wait for a reboot (billing.vps.upgradeReboot).
		const page = await upgradePayment(b.p.owner, b.ownerId, ordered.upgradeId, new Date(), 'en');
		expect(page).toMatchObject({ product: 'vps', to: { ramGb: 4, storageGb: 30 } });
		await pay(ordered.invoiceId, ordered.total);
		expect(await simMachine(id)).toMatchObject({ cores: 2, memoryMb: 4096, diskGb: 30 });
		expect((await loadMachine(b.admin, id))!.cores).toBe(2);
		const { data: service } = await b.p.service
			.from('services')
			.select('ram_gb, storage_gb')
			.eq('id', id)
			.single();
		expect(service).toEqual({ ram_gb: 4, storage_gb: 30 });
	});

	it('a pause stops the machine and resuming starts it', async () => {
		const id = await activeVps('2027-01-31T12:00:00Z', '2027-02-28T12:00:00Z');
		const now = new Date('2027-02-10T10:00:00Z');
		const made = await pause.requestPause(
			b.admin,
			owner,
			id,
			{ months: 1, method: 'card' },
			{ origin, locale: 'en', now },
		);
		if (typeof made === 'string') throw new Error(made);
		await pay(made.invoiceId, made.total);
		expect(await status(id)).toBe('suspended');
		expect(await machineState(id)).toBe('suspended');
		const resumed = await pause.resumePause(b.admin, b.ownerId, id, now);
		expect(resumed).not.toBe('not_paused');
		expect(await status(id)).toBe('active');
		expect(await machineState(id)).toBe('running');
	});

	it('each run gives back the addresses of unpaid orders whose payment page ran out', async () => {
		const stale = await placeVps();
		const fresh = await placeVps();
		expect(await heldAddresses(stale.id)).toHaveLength(2);
		await b.p.service
			.from('services')
			.update({ held_until: new Date(Date.now() - 60_000).toISOString() })
			.eq('id', stale.id);
		const summary = await run('2027-02-01T13:00:00Z');
		expect(summary).toMatchObject({ ran: true, vpsAddressesReleased: 2 });
		expect(await heldAddresses(stale.id)).toEqual([]);
		expect(await heldAddresses(fresh.id)).toHaveLength(2);
	});
});
