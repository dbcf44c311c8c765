import { findPlan, isCycleId } from './catalogue';
import { PricingError, resolveConfiguration, type ServerChoice } from './pricing';
import { readVpsChoice } from './vps/choice-shape';

/** What the cart keeps: a choice and an id, never a price (prices are always recomputed). */
export type CartItem = ServerChoice & { id: string };

/** The stored shape carries a version, so a future shape change can tell old carts apart. */
export const cartStorageVersion = 1;

export type StoredCart = { item: CartItem | null; dropped: boolean };

const isObject = (value: unknown): value is Record<string, unknown> =>
	typeof value === 'object' && value !== null && !Array.isArray(value);

/** The item as the catalogue still offers it, or null. */
export function validCartItem(value: unknown): CartItem | null {
	if (!isObject(value)) return null;
	const { id, planId, ram, storageGb, extras, cycle, subdomain, vps, location } = value;
	if (typeof id !== 'string' || !id || typeof planId !== 'string' || typeof ram !== 'number')
		return null;
	if (
		!(storageGb === null || typeof storageGb === 'number') ||
		typeof cycle !== 'string' ||
		!isCycleId(cycle)
	)
		return null;
	if (!Array.isArray(extras) || !extras.every((extra) => typeof extra === 'string')) return null;
	const item: CartItem = {
		id,
		planId,
		ram,
		storageGb,
		extras: extras as CartItem['extras'],
		cycle,
	};
	// The label travels with the extra only; its rules are checked where it is typed and at checkout.
	if (
		typeof subdomain === 'string' &&
		subdomain &&
		subdomain.length <= 100 &&
		item.extras.includes('subDomain')
	)
		item.subdomain = subdomain;
	// A stored VPS choice in its shape; its rules are checked where it is typed and at checkout.
	const choice = readVpsChoice(vps);
	if (choice && findPlan(planId)?.product === 'vps') item.vps = choice;
	// A location as the configurator wrote it; checkout refuses one it does not know
	// (location_unknown), as it refuses the extras resolveConfiguration does not check here. Not
	// checked against the closed set here: the game page's script budget has no room for it.
	if (typeof location === 'string' && location.length <= 40)
		item.location = location as CartItem['location'];
	try {
		resolveConfiguration({ ...item, currency: 'EUR' });
		return item;
	} catch (error) {
		if (error instanceof PricingError) return null;
		throw error;
	}
}

/**
 * Reads the stored cart. Bad JSON, an old shape or a plan the catalogue no longer offers is
 * dropped (and says so), never a crash.
 */
export function decodeStoredCart(raw: string | undefined): StoredCart {
	if (raw === undefined || raw === '') return { item: null, dropped: false };
	try {
		const parsed: unknown = JSON.parse(raw);
		if (isObject(parsed) && parsed.v === cartStorageVersion) {
			if (parsed.item === null) return { item: null, dropped: false };
			const item = validCartItem(parsed.item);
			return { item, dropped: item === null };
		}
	} catch {
		// fall through: unreadable
	}
	return { item: null, dropped: true };
}

export function encodeStoredCart(item: CartItem | null): string {
	return JSON.stringify({ v: cartStorageVersion, item });
}
