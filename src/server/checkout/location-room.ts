import type { LocationId } from '../../lib/domain/location';
import type { ProductType } from '../../lib/domain/product';
import { availability, hasRoom, vpsNodesWithRoom } from '../locations/room';
import type { ServerSize } from '../../lib/locations/plan-size';
import type { AdminClient } from '../supabase/admin-client';
import type { PricedOrder } from './price-order';

// Room in the chosen location, asked before anything is written or paid: a paid order must
// never wait for a place. A VPS is placed only on the location's nodes that have room now (and
// hold the image's template); place_order then takes an address there, or refuses.

/** The chosen location has no room: the ones that have, for the same plan, in catalogue order. */
export interface LocationFull {
	full: true;
	available: LocationId[];
}

/** The other locations selling `product` that have room for `size` now. */
export async function locationsWithRoom(
	admin: AdminClient,
	product: ProductType,
	size: ServerSize,
	except: LocationId,
): Promise<LocationFull> {
	const all = await availability(admin, product, size);
	const available = all.filter((a) => !a.full && a.location.id !== except);
	return { full: true, available: available.map((a) => a.location.id) };
}

/** Whether the customer already placed an order under this key (a retry gets that order back). */
async function placedBefore(admin: AdminClient, customerId: string, key: string) {
	const { data, error } = await admin
		.from('orders')
		.select('id')
		.eq('user_id', customerId)
		.eq('idempotency_key', key)
		.maybeSingle();
	if (error) throw new Error(`orders: ${error.message}`);
	return data !== null;
}

/**
 * The order as it can be placed in its location now (a VPS narrowed to the nodes with room), or
 * the locations that have room instead. A repeated submit of an order already placed is not
 * asked again: place_order gives back the order it made, whatever the location holds now.
 */
export async function withRoom(
	admin: AdminClient,
	customerId: string,
	idempotencyKey: string,
	priced: PricedOrder,
): Promise<PricedOrder | LocationFull> {
	if (await placedBefore(admin, customerId, idempotencyKey)) return priced;
	const { location, size, vps } = priced;
	const product = vps ? 'vps' : 'game';
	if (vps) {
		const withSpace = await vpsNodesWithRoom(admin, location, size);
		const nodes = vps.nodes.filter((node) => withSpace.includes(node));
		if (nodes.length > 0) {
			const placement = { ...vps, nodes };
			return { ...priced, vps: placement, service: { ...priced.service, vps: placement } };
		}
	} else if (await hasRoom(admin, location.id, product, size)) return priced;
	return locationsWithRoom(admin, product, size, location.id);
}
