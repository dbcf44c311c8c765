import type { Personas } from '../data-model/personas.ts';
import type { VpsImageId } from '../../../src/lib/vps/images.ts';

export const sshKey = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIB+x/y= frost@laptop';

/**
 * A paid VPS (2 GB, 1 core, 20 GB, monthly, 10.00 EUR) as checkout places it on node pve1, with its
 * VMID and pool addresses, waiting in `provisioning`. No keys: a generated password.
 */
export async function paidVps(
	p: Personas,
	ownerId: string,
	key: string,
	vps: { image?: VpsImageId; sshKeys?: string[]; ramGb?: number } = {},
): Promise<{ serviceId: string; orderId: string }> {
	const ramGb = vps.ramGb ?? 2;
	const placed = await p.service.rpc('place_order', {
		customer: ownerId,
		idempotency_key: key,
		service: {
			product_type: 'vps',
			location: 'oslo',
			game: null,
			plan_id: 'vps-premium',
			tier: 'premium',
			ram_gb: ramGb,
			storage_gb: 20,
			billing_cycle: 'monthly',
			vps: {
				image: vps.image ?? 'debian-12',
				hostname: key.toLowerCase().replace(/[^a-z0-9-]/g, '-'),
				ssh_keys: vps.sshKeys ?? [],
				cores: 1,
				nodes: ['pve1'],
			},
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
		description: 'VPS',
		line: { kind: 'plan', plan: 'vps-premium', tier: 'premium', ramGb, cycle: 'monthly' },
		payment_method: 'card',
	});
	if (placed.error) throw new Error(placed.error.message);
	const made = placed.data as { invoice_id: string; service_id: string; order_id: string };
	const settled = await p.service.rpc('settle_invoice', {
		event_id: `evt-${key}`,
		gateway: 'test',
		invoice: made.invoice_id,
		amount: 1000,
		currency: 'EUR',
		reference: `pay-${key}`,
	});
	if (settled.error) throw new Error(settled.error.message);
	return { serviceId: made.service_id, orderId: made.order_id };
}
