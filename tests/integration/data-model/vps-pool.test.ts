import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, other, startProductStack, type Personas } from './personas.ts';

// The VPS machines and the address pool as each persona meets them, on the real migrations and
// the demo seed (pool pve1: 240 IPv4 and 240 IPv6 addresses): placing orders at once, running
// out, giving addresses back when a service ends or stays unpaid, who reads what, and VMIDs.

let p: Personas;
beforeAll(async () => {
	p = await startProductStack();
}, 60_000);
afterAll(() => p.stack.stop());

let serial = 0;

/** A VPS order as checkout places it (service role), on `nodes`; its ids, or the error message. */
async function placeVps(customer: string, nodes: string[] = ['pve1']) {
	const key = `vps-pool-${++serial}`;
	const { data, error } = await p.service.rpc('place_order', {
		customer,
		idempotency_key: key,
		service: {
			product_type: 'vps',
			plan_id: 'vps-premium',
			tier: 'premium',
			ram_gb: 2,
			storage_gb: 20,
			billing_cycle: 'monthly',
			vps: { image: 'debian-12', hostname: `pool-${serial}`, ssh_keys: [], cores: 1, nodes },
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
	if (error) return { key, error: error.message };
	return { key, ...(data as { service_id: string; order_id: string }) };
}

async function placed(customer: string, nodes?: string[]) {
	const order = await placeVps(customer, nodes);
	if ('error' in order) throw new Error(order.error);
	return order.service_id;
}

const held = async (service: string) =>
	(
		await p.service
			.from('vps_addresses')
			.select('family, address')
			.eq('service_id', service)
			.order('family')
	).data!;

const vmidOf = async (service: string) =>
	(await p.service.from('vps_machines').select('vmid').eq('service_id', service).single()).data!
		.vmid;

describe('placing VPS orders', () => {
	it('never gives one address to two machines, however many orders come at once', async () => {
		const services = await Promise.all(
			Array.from({ length: 8 }, (_, i) => placed(i % 2 ? demo.id : other.id)),
		);
		const addresses = (await Promise.all(services.map(held))).flat();
		expect(addresses).toHaveLength(16);
		expect(new Set(addresses.map((a) => a.address)).size).toBe(16);
		for (const service of services)
			expect((await held(service)).map((a) => a.family)).toEqual([4, 6]);
	});

	it('refuses the order when the pool is out, rolling all of it back', async () => {
		await p.service.from('vps_addresses').insert({
			node: 'pve9',
			family: 4,
			address: '198.51.100.10',
			prefix: 24,
			gateway: '198.51.100.1',
		});
		const first = await placed(other.id, ['pve9']);
		// No IPv6 on pve9: the machine has IPv4 only.
		expect(await held(first)).toEqual([{ family: 4, address: '198.51.100.10' }]);
		const services = async () =>
			(await p.service.from('services').select('id', { count: 'exact', head: true })).count;
		const before = await services();
		const refused = await placeVps(other.id, ['pve9']);
		expect(refused).toMatchObject({ error: 'vps_addresses_exhausted' });
		const { data: orders } = await p.service
			.from('orders')
			.select('id')
			.eq('idempotency_key', refused.key);
		expect(orders).toEqual([]);
		expect(await services()).toBe(before);
		// A node without any pool is the same refusal.
		expect(await placeVps(other.id, ['pve404'])).toMatchObject({
			error: 'vps_addresses_exhausted',
		});
	});

	it('never repeats a VMID, not even after a machine is gone', async () => {
		const a = await placed(other.id);
		const b = await placed(other.id);
		expect(await vmidOf(b)).toBeGreaterThan(await vmidOf(a));
		expect(await vmidOf(a)).toBeGreaterThanOrEqual(10000);
		const gone = await vmidOf(b);
		await p.service.from('services').delete().eq('id', b);
		expect(await vmidOf(await placed(other.id))).toBeGreaterThan(gone);
	});
});

describe('addresses going back to the pool', () => {
	it('frees them when a service is terminated or cancelled, not when it is suspended', async () => {
		const [terminated, cancelled, suspended] = await Promise.all([
			placed(other.id),
			placed(other.id),
			placed(other.id),
		]);
		const address = (await held(terminated))[0]!.address;
		for (const [id, status] of [
			[terminated, 'active'],
			[suspended, 'active'],
			[suspended, 'suspended'],
			[terminated, 'terminated'],
			[cancelled, 'cancelled'],
		] as const)
			await p.service.from('services').update({ status }).eq('id', id);
		expect(await held(terminated)).toEqual([]);
		expect(await held(cancelled)).toEqual([]);
		expect(await held(suspended)).toHaveLength(2);
		const { data: freed } = await p.service
			.from('vps_addresses')
			.select('service_id, assigned_at')
			.eq('address', address)
			.single();
		expect(freed).toEqual({ service_id: null, assigned_at: null });
	});

	it('gives back what orders unpaid for longer than asked hold; paying later claims again', async () => {
		const [stale, fresh, paid] = await Promise.all([
			placed(other.id),
			placed(other.id),
			placed(other.id),
		]);
		const earlier = new Date(Date.now() - 3 * 3_600_000).toISOString();
		await p.service.from('services').update({ created_at: earlier }).in('id', [stale, paid]);
		await p.service.from('services').update({ status: 'provisioning' }).eq('id', paid);
		const { data: released } = await p.service.rpc('release_unpaid_vps_addresses', {
			older_than: '2 hours',
		});
		expect(released).toBe(2);
		expect(await held(stale)).toEqual([]);
		expect(await held(fresh)).toHaveLength(2);
		expect(await held(paid)).toHaveLength(2);
		const { data: claimed } = await p.service.rpc('vps_claim_addresses', { service: stale });
		expect(claimed).toBe(true);
		expect(await held(stale)).toHaveLength(2);
	});
});

describe('who reads and writes machines and addresses', () => {
	let own: string;
	let foreign: string;
	beforeAll(async () => {
		[own, foreign] = await Promise.all([placed(demo.id), placed(other.id)]);
	});

	it('a customer reads only their own machines and addresses; anon reads none', async () => {
		const machines = (await p.owner.from('vps_machines').select('service_id, user_id')).data!;
		expect(machines.map((m) => m.service_id)).toContain(own);
		expect(machines.every((m) => m.user_id === demo.id)).toBe(true);
		const addresses = (await p.owner.from('vps_addresses').select('service_id')).data!;
		expect(addresses.filter((a) => a.service_id === own)).toHaveLength(2);
		expect(addresses.every((a) => a.service_id !== null && a.service_id !== foreign)).toBe(true);
		const theirs = (await p.other.from('vps_machines').select('service_id')).data!;
		expect(theirs.map((m) => m.service_id)).not.toContain(own);
		for (const table of ['vps_machines', 'vps_addresses'] as const) {
			const { data, error } = await p.anon.from(table).select('*');
			expect(error?.code ?? data).toSatisfy(
				(seen: unknown) => seen === '42501' || (Array.isArray(seen) && seen.length === 0),
			);
		}
	});

	it('a customer cannot write them, nor take or release addresses', async () => {
		const attempts = [
			p.owner.from('vps_machines').update({ cores: 64 }).eq('service_id', own).select(),
			p.owner.from('vps_machines').delete().eq('service_id', own).select(),
			p.owner.from('vps_addresses').update({ service_id: null }).eq('service_id', own).select(),
			p.owner.from('vps_addresses').insert({
				node: 'pve1',
				family: 4,
				address: '192.0.2.10',
				prefix: 24,
				gateway: '192.0.2.1',
			}),
			p.owner.rpc('release_unpaid_vps_addresses', { older_than: '0 seconds' }),
			p.owner.rpc('vps_claim_addresses', { service: own }),
		];
		for (const { error } of await Promise.all(attempts)) expect(error?.code).toBe('42501');
		expect(await vmidOf(own)).toBeGreaterThanOrEqual(10000);
		expect(await held(own)).toHaveLength(2);
		const { data: cores } = await p.service
			.from('vps_machines')
			.select('cores')
			.eq('service_id', own)
			.single();
		expect(cores).toEqual({ cores: 1 });
	});
});
