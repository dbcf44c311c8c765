import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, ids, startProductStack, type Personas } from './personas';

// Issue 43: a service runs where the customer chose when ordering. place_order writes the choice
// (service.location), refuses an order without one or with an id outside the closed set, and
// nothing a customer can send moves a service to another location afterwards.

let p: Personas;
beforeAll(async () => {
	p = await startProductStack();
}, 60_000);
afterAll(() => p.stack.stop());

const service = (location?: string) => ({
	product_type: 'game',
	game: 'valheim',
	plan_id: 'valheim-standard',
	tier: 'standard',
	ram_gb: 6,
	storage_gb: 25,
	billing_cycle: 'monthly',
	...(location === undefined ? {} : { location }),
});

function place(key: string, location?: string) {
	return p.service.rpc('place_order', {
		customer: demo.id,
		idempotency_key: key,
		service: service(location),
		amounts: { currency: 'EUR', subtotal: 600, discount: 0, tax_rate: 25, tax: 150, total: 750 },
		billing: {
			name: 'Demo Kunde',
			address: 'Gate 1',
			postcode: '0150',
			city: 'Oslo',
			country: 'NO',
		},
		description: 'Valheim server, 6 GB, monthly',
		line: { kind: 'plan', plan: 'valheim-standard', tier: 'standard', ramGb: 6, cycle: 'monthly' },
		payment_method: 'card',
	});
}

async function counts() {
	const count = async (table: string) =>
		(await p.service.from(table).select('*', { count: 'exact', head: true })).count;
	return { orders: await count('orders'), services: await count('services') };
}

describe('services.location', () => {
	it('is written by place_order from the order’s choice', async () => {
		const { data, error } = await place('location-frankfurt-1', 'frankfurt');
		expect(error).toBeNull();
		const serviceId = (data as { service_id: string }).service_id;
		const { data: row } = await p.owner
			.from('services')
			.select('location')
			.eq('id', serviceId)
			.single();
		expect(row).toEqual({ location: 'frankfurt' });
	});

	it('refuses an order without a location, or with one outside the closed set, writing nothing', async () => {
		const before = await counts();
		const missing = await place('location-missing-1');
		expect(missing.error?.message).toBe('location_required');
		const unknown = await place('location-atlantis-1', 'atlantis');
		expect(unknown.error?.code).toBe('23514');
		expect(await counts()).toEqual(before);
	});

	it('cannot be changed by a customer, on their own service or anyone else’s', async () => {
		for (const [client, id] of [
			[p.owner, ids.palworld],
			[p.other, ids.valheim],
			[p.owner, ids.valheim],
		] as const) {
			const { error } = await client
				.from('services')
				.update({ location: 'stockholm' })
				.eq('id', id)
				.select();
			expect(error?.code).toBe('42501');
		}
		const { data } = await p.service
			.from('services')
			.select('id, location')
			.in('id', [ids.palworld, ids.valheim])
			.order('id');
		expect(data).toEqual([
			{ id: ids.palworld, location: 'oslo' },
			{ id: ids.valheim, location: 'frankfurt' },
		]);
	});
});
