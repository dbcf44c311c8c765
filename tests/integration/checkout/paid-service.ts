import type { Personas } from '../data-model/personas.ts';

/** A Palworld order (10.00 EUR) as checkout places it: its first invoice waits for payment. */
export async function placedOrder(
	p: Personas,
	ownerId: string,
	key: string,
): Promise<{ invoice_id: string; service_id: string }> {
	const { data } = await p.service.rpc('place_order', {
		customer: ownerId,
		idempotency_key: key,
		service: {
			product_type: 'game',
			location: 'oslo',
			game: 'palworld',
			plan_id: 'palworld-standard',
			tier: 'standard',
			ram_gb: 8,
			storage_gb: 25,
			billing_cycle: 'monthly',
		},
		amounts: {
			currency: 'EUR',
			subtotal: 800,
			discount: 0,
			discount_percent: 0,
			tax_rate: 25,
			tax: 200,
			total: 1000,
		},
		billing: {
			name: 'Demo Kunde',
			address: 'Gate 1',
			postcode: '0150',
			city: 'Oslo',
			country: 'NO',
		},
		description: 'Palworld server',
		line: { kind: 'plan', plan: 'palworld-standard', tier: 'standard', ramGb: 8, cycle: 'monthly' },
		payment_method: 'card',
	});
	return data as { invoice_id: string; service_id: string };
}

/** A paid Palworld order (10.00 EUR, test gateway) whose service waits in `provisioning`. */
export async function paidService(p: Personas, ownerId: string, key: string): Promise<string> {
	const made = await placedOrder(p, ownerId, key);
	await p.service.rpc('settle_invoice', {
		event_id: `evt-${key}`,
		gateway: 'test',
		invoice: made.invoice_id,
		amount: 1000,
		currency: 'EUR',
		reference: `pay-${key}`,
	});
	return made.service_id;
}
