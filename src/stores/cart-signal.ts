/**
 * The stored cart's key and a page-wide "the cart changed" event: enough for the header's count on
 * every page without loading the cart store, its pricing and the catalogue there.
 */
export const CART_KEY = 'frostnode:cart';
export const CART_CHANGED = 'frostnode:cart-changed';

/** Whether a stored cart (as `encodeStoredCart` writes it) holds an item. */
export function storedCartHasItem(raw: string | null): boolean {
	try {
		const parsed = JSON.parse(raw ?? 'null') as { item?: unknown } | null;
		return typeof parsed?.item === 'object' && parsed.item !== null;
	} catch {
		return false;
	}
}
