/** The UI strings of the order-progress island. */
export const progressKeys = [
	'checkout.complete.waiting',
	'checkout.complete.paid',
	'checkout.complete.settingUp',
	'checkout.complete.installing',
	'checkout.complete.running',
	'checkout.complete.address',
	'checkout.complete.manage',
	'checkout.complete.declined',
	'checkout.complete.cancelled',
	'checkout.complete.retry',
	'checkout.complete.delayed',
	'checkout.complete.support',
	'checkout.complete.refunded',
	'checkout.method.card',
	'checkout.method.paypal',
	'checkout.method.mobilepay',
] as const;

export type ProgressStrings = Record<(typeof progressKeys)[number], string>;
