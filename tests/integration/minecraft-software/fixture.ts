import type { BillingStack } from '../billing/fixture.ts';

// A customer's active Minecraft server for these tests: ordered, paid and made on the site's game
// panel (the simulated one, or none when the test hands the job a panel of its own), with or
// without the paid modpack extra, at the RAM and backups asked for.

export interface MinecraftOptions {
	extra?: boolean;
	ramGb?: number;
	backups?: number;
	/** Not made on the panel: the server's place there is a made-up one (a test's own panel). */
	offPanel?: boolean;
}

let serial = 0;

export async function minecraftService(
	b: BillingStack,
	{ extra = true, ramGb = 4, backups = 3, offPanel = false }: MinecraftOptions = {},
): Promise<string> {
	const key = `minecraft-${++serial}-${Date.now()}`;
	const amount = 1200;
	const placed = await b.p.service.rpc('place_order', {
		customer: b.ownerId,
		idempotency_key: key,
		service: {
			product_type: 'game',
			location: 'oslo',
			game: 'minecraft',
			plan_id: 'minecraft-premium',
			tier: 'premium',
			ram_gb: ramGb,
			storage_gb: 25,
			billing_cycle: 'monthly',
			modpack_installation: extra,
		},
		amounts: {
			currency: 'EUR',
			subtotal: amount,
			discount: 0,
			tax_rate: 25,
			tax: amount / 4,
			total: amount * 1.25,
		},
		billing: {
			name: 'Demo Kunde',
			address: 'Gate 1',
			postcode: '0150',
			city: 'Oslo',
			country: 'NO',
		},
		description: 'Minecraft server',
		line: { kind: 'plan', plan: 'minecraft-premium', tier: 'premium', ramGb, cycle: 'monthly' },
		payment_method: 'card',
	});
	if (placed.error) throw placed.error;
	const { service_id: id, invoice_id: invoice } = placed.data as {
		service_id: string;
		invoice_id: string;
	};
	await b.p.service.rpc('settle_invoice', {
		event_id: `evt-${key}`,
		gateway: 'test',
		invoice,
		amount: amount * 1.25,
		currency: 'EUR',
		reference: `pay-${key}`,
	});
	const panel = (await import('../../../src/server/game-panel/index.ts')).getGamePanel();
	const ref = offPanel
		? { panelServerId: 9000 + serial, identifier: `mc${String(serial).padStart(6, '0')}` }
		: await panel.createServer({
				serviceId: id,
				customer: { email: 'demo@frostnode.example', firstName: 'Demo', lastName: 'Kunde' },
				game: 'minecraft',
				location: 'oslo',
				name: `minecraft ${serial}`,
				ramGb,
				storageGb: 25,
				backups,
			});
	const day = 86_400_000;
	const { error } = await b.p.service
		.from('services')
		.update({
			status: 'active',
			current_period_start: new Date(Date.now() - day).toISOString(),
			current_period_end: new Date(Date.now() + 29 * day).toISOString(),
			panel_server_id: String(ref.panelServerId),
			panel_identifier: ref.identifier,
		})
		.eq('id', id);
	if (error) throw error;
	return id;
}
