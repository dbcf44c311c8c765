import type { AdminClient } from '../../supabase/admin-client';
import { must, pageLimit } from './read';

/**
 * The customer's services, newest first, each with its address: a game server's is on the service
 * (`panel_address`), a VPS's is the IPv4 address it holds in `vps_addresses`.
 */

export interface CustomerService {
	id: string;
	label: string;
	/** A VPS's machine's hostname, what it is called; null for a game server. */
	hostname: string | null;
	status: string;
	productType: string;
	planId: string;
	game: string | null;
	ramGb: number;
	/** The game server's `host:port`, or the VPS's IPv4 address. */
	address: string | null;
	cancelAtPeriodEnd: boolean;
	currentPeriodEnd: string | null;
	recurringAmount: number;
	currency: string;
	billingCycle: string;
	createdAt: string;
}

/** Each VPS's IPv4 address, by service (stored as a `/32` network, shown without it). */
async function vpsAddresses(
	admin: AdminClient,
	serviceIds: string[],
): Promise<Map<string, string>> {
	if (serviceIds.length === 0) return new Map();
	const held = await must(
		'vps_addresses',
		admin
			.from('vps_addresses')
			.select('service_id, address')
			.in('service_id', serviceIds)
			.eq('family', 4),
	);
	return new Map(
		(held ?? []).flatMap((row) =>
			row.service_id ? [[row.service_id, String(row.address).replace(/\/32$/, '')] as const] : [],
		),
	);
}

export async function servicesOf(
	admin: AdminClient,
	customerId: string,
): Promise<CustomerService[]> {
	const services = await must(
		'services',
		admin
			.from('services')
			.select(
				'id, label, status, product_type, plan_id, game, ram_gb, panel_address, cancel_at_period_end, current_period_end, recurring_amount, currency, billing_cycle, created_at, vps_machines(hostname)',
			)
			.eq('user_id', customerId)
			.order('created_at', { ascending: false })
			.limit(pageLimit),
	);
	const serviceRows = services ?? [];
	const ipv4 = await vpsAddresses(
		admin,
		serviceRows.filter((s) => s.product_type === 'vps').map((s) => s.id),
	);
	return serviceRows.map((s) => ({
		id: s.id,
		label: s.label,
		hostname: s.vps_machines?.hostname ?? null,
		status: s.status,
		productType: s.product_type,
		planId: s.plan_id,
		game: s.game,
		ramGb: s.ram_gb,
		address: s.product_type === 'vps' ? (ipv4.get(s.id) ?? null) : s.panel_address,
		cancelAtPeriodEnd: s.cancel_at_period_end,
		currentPeriodEnd: s.current_period_end,
		recurringAmount: Number(s.recurring_amount),
		currency: s.currency,
		billingCycle: s.billing_cycle,
		createdAt: s.created_at,
	}));
}
