import type { LocationId } from '../../lib/domain/location';
import type { ProductType } from '../../lib/domain/product';
import { findLocation, locationsFor, type Location } from '../../lib/locations/catalogue';
import type { ServerSize } from '../../lib/locations/plan-size';
import { getGamePanel } from '../game-panel';
import { getHypervisor, shortOf } from '../hypervisor';
import type { AdminClient } from '../supabase/admin-client';

// Whether a location has room for a server now, asked before payment so a paid order is never
// left without a place: the game panel's nodes there, or the hypervisor's nodes there that have
// both the resources and a free IPv4 address in our pool. An adapter that cannot answer counts
// as no room (a paid order must not wait on a panel that is down).

/** The location's hypervisor nodes that can take a machine of `size` now (catalogue order). */
export async function vpsNodesWithRoom(
	admin: AdminClient,
	location: Location,
	size: ServerSize,
): Promise<string[]> {
	const nodes = location.vps?.nodes ?? [];
	const hypervisor = getHypervisor();
	const wanted = { cores: size.cores, memoryMb: size.ramGb * 1024, diskGb: size.storageGb };
	const fits = await Promise.all(
		nodes.map(async (node) => {
			const free = await hypervisor.room(node).catch(() => null);
			if (!free || shortOf(free, wanted).length) return false;
			return (await freeIpv4(admin, node)) > 0;
		}),
	);
	return nodes.filter((_, index) => fits[index]);
}

/**
 * The node's IPv4 addresses a new order can take: free ones, and those still held by an unpaid
 * order whose payment page ran out (place_order lets those go first, in its own transaction).
 */
async function freeIpv4(admin: AdminClient, node: string): Promise<number> {
	const [free, lapsed] = await Promise.all([
		admin
			.from('vps_addresses')
			.select('id', { count: 'exact', head: true })
			.eq('node', node)
			.eq('family', 4)
			.is('service_id', null),
		admin
			.from('vps_addresses')
			.select('id, services!inner(status, held_until)', { count: 'exact', head: true })
			.eq('node', node)
			.eq('family', 4)
			.eq('services.status', 'pending_payment')
			.lte('services.held_until', new Date().toISOString()),
	]);
	const error = free.error ?? lapsed.error;
	if (error) throw new Error(`vps_addresses: ${error.message}`);
	return (free.count ?? 0) + (lapsed.count ?? 0);
}

/** Whether `location` sells `product` and has room for `size` now. */
export async function hasRoom(
	admin: AdminClient,
	id: LocationId,
	product: ProductType,
	size: ServerSize,
): Promise<boolean> {
	const location = findLocation(id);
	if (!location?.products.includes(product)) return false;
	if (product === 'vps') return (await vpsNodesWithRoom(admin, location, size)).length > 0;
	const build = { ramGb: size.ramGb, storageGb: size.storageGb, cpuPercent: size.cores * 100 };
	return getGamePanel()
		.hasRoom(id, build)
		.catch(() => false);
}

/** Every location selling `product`, in catalogue order, each with whether it is full for `size`. */
export async function availability(
	admin: AdminClient,
	product: ProductType,
	size: ServerSize,
): Promise<{ location: Location; full: boolean }[]> {
	const offering = locationsFor(product);
	const room = await Promise.all(offering.map((l) => hasRoom(admin, l.id, product, size)));
	return offering.map((location, index) => ({ location, full: !room[index] }));
}
