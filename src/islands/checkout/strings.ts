import { cartKeys } from '../cart/strings';

/** The UI strings the checkout uses: the cart's (item and money lines) and its own. */
export const checkoutKeys = [
	...cartKeys,
	'checkout.step.review',
	'checkout.step.billing',
	'checkout.step.payment',
	'checkout.empty',
	'checkout.browse',
	'checkout.billing.name',
	'checkout.billing.address',
	'checkout.billing.postcode',
	'checkout.billing.city',
	'checkout.billing.country',
	'checkout.billing.countryNone',
	'checkout.method.label',
	'checkout.method.card',
	'checkout.method.paypal',
	'checkout.method.mobilepay',
	'checkout.back',
	'checkout.next',
	'checkout.pay',
	'checkout.payFree',
	'checkout.paying',
	'checkout.testMode',
	'checkout.error.unreachable',
	'checkout.locationFull.available',
	'checkout.locationFull.change',
	'auth.error.missingFields',
] as const;

export type CheckoutStrings = Record<(typeof checkoutKeys)[number], string>;
