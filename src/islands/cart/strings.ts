import { configuratorKeys } from '../configurator/strings';

/** The UI strings the cart uses: its own and the configurator's labels for the item. */
export const cartKeys = [
	...configuratorKeys,
	'cart.empty',
	'cart.vps.keys_one',
	'cart.vps.keys_other',
	'cart.vps.password',
	'cart.vps.missing',
	'cart.browse',
	'cart.edit',
	'cart.remove',
	'cart.summary',
	'cart.subtotal',
	'cart.discount',
	'cart.tax',
	'cart.taxPending',
	'cart.total',
	'cart.taxCountry',
	'cart.renewal',
	'cart.codeLabel',
	'cart.codeApply',
	'cart.codeRemove',
	'cart.codeApplied',
	'promo.offer',
	'cart.codeChecking',
	'cart.checkout',
	'cart.notice.replaced',
	'cart.notice.dropped',
	'cart.notice.discountUnknown',
	'cart.notice.discountUnavailable',
	'cart.notice.discountRateLimited',
	'cart.notice.discountRemoved',
	'cart.dismiss',
] as const;

export type CartStrings = Record<(typeof cartKeys)[number], string>;
