import { persistentAtom } from '@nanostores/persistent';
import { findPlan } from '../lib/catalogue';
import { decodeStoredCart, encodeStoredCart, type CartItem } from '../lib/cart-item';
import { choiceFromFields } from '../lib/configurator-fields';
import { normalizeSubdomain } from '../lib/subdomain-shape';
import { CART_CHANGED, CART_KEY } from './cart-signal';

export type CartNotice =
	| 'replaced'
	| 'dropped'
	| 'discountUnknown'
	| 'discountUnavailable'
	| 'discountRateLimited'
	| 'discountRemoved'
	| null;

const notices: CartNotice[] = [
	'replaced',
	'dropped',
	'discountUnknown',
	'discountUnavailable',
	'discountRateLimited',
	'discountRemoved',
];

/**
 * What the cart wants to tell the visitor next (its warnings and errors, docs/checkout.md). Kept in
 * storage because it is often set on one page (a product page) and shown on the next (the cart).
 */
export const $cartNotice = persistentAtom<CartNotice>('frostnode:cart-notice', null, {
	encode: (value) => value ?? '',
	decode: (raw) => (notices.includes(raw as CartNotice) ? (raw as CartNotice) : null),
	listen: false,
});

/** The one item the cart holds (at most one, docs/checkout.md), persisted and synced between tabs. */
export const $cartItem = persistentAtom<CartItem | null>(CART_KEY, null, {
	encode: encodeStoredCart,
	decode: (raw) => {
		const { item, dropped } = decodeStoredCart(raw);
		if (dropped) $cartNotice.set('dropped');
		return item;
	},
});

// Tells the header's count (which does not load this store) about changes made on this page.
if (typeof window !== 'undefined')
	$cartItem.listen((item) =>
		window.dispatchEvent(new CustomEvent(CART_CHANGED, { detail: item !== null })),
	);

function newId(): string {
	return globalThis.crypto.randomUUID();
}

/** Puts a configuration in the cart. There is room for one: a second replaces the first, and says so. */
export function addToCart(configuration: Omit<CartItem, 'id'>): CartItem {
	const replaced = $cartItem.get() !== null;
	const { subdomain, vps, ...rest } = configuration;
	// The label is kept only with the extra it names, as the customer will see it ordered; a VPS
	// choice only with a VPS.
	const label =
		subdomain && configuration.extras.includes('subDomain') ? normalizeSubdomain(subdomain) : '';
	const item: CartItem = {
		...rest,
		...(label ? { subdomain: label } : {}),
		...(vps && findPlan(rest.planId)?.product === 'vps' ? { vps } : {}),
		id: newId(),
	};
	$cartItem.set(item);
	$cartNotice.set(replaced ? 'replaced' : null);
	return item;
}

/**
 * "Add to cart" pressed before the configurator's code ran submits its form to the cart page, the
 * choice in the address: add it (when the catalogue sells it), then take it out of the address so
 * a reload does not add it again. Answers the address's fields for the caller's other uses.
 */
export function addFromAddress(
	where: Pick<Location, 'search' | 'pathname'>,
	history?: Pick<History, 'replaceState' | 'state'>,
): URLSearchParams {
	const fields = new URLSearchParams(where.search);
	if (!fields.has('plan')) return fields;
	const choice = choiceFromFields(fields);
	if (choice) addToCart(choice);
	history?.replaceState(history.state, '', where.pathname);
	return fields;
}

/** The subdomain label of the cart's item, once the cart's field found it free. */
export function setCartSubdomain(id: string, label: string): void {
	const item = $cartItem.get();
	if (!item || item.id !== id || !item.extras.includes('subDomain')) return;
	$cartItem.set({ ...item, subdomain: normalizeSubdomain(label) });
}

export function removeFromCart(id: string): void {
	if ($cartItem.get()?.id === id) $cartItem.set(null);
}

/** Merges fields into the item with this id; prices follow because they are always derived. */
export function updateCartItem(id: string, changes: Partial<Omit<CartItem, 'id'>>): void {
	const item = $cartItem.get();
	if (item?.id === id) $cartItem.set({ ...item, ...changes });
}
