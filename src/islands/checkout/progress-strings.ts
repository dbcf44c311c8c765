import { declineReason, declineReasons } from '../../lib/billing/decline';
import { fill } from '../../lib/fill';
import { vpsProgressKeys } from './vps-strings';

/** The UI strings of the order-progress island. */
export const progressKeys = [
	'checkout.complete.waiting',
	'checkout.complete.paid',
	'checkout.complete.settingUp',
	'checkout.complete.installing',
	'checkout.complete.running',
	'checkout.complete.address',
	'checkout.complete.location',
	'checkout.complete.manage',
	'checkout.complete.declined',
	'checkout.complete.cancelled',
	'checkout.complete.retry',
	'checkout.complete.delayed',
	'checkout.complete.support',
	'checkout.complete.refunded',
	'checkout.complete.soldOut',
	'checkout.method.card',
	'checkout.method.paypal',
	'checkout.method.mobilepay',
	...declineReasons.map((reason) => `invoice.decline.${reason}` as const),
	'invoice.decline.other',
	...vpsProgressKeys,
] as const;

export type ProgressStrings = Record<(typeof progressKeys)[number], string>;

/**
 * What an unpaid order says: why the gateway refused it, in the reader's words (the gateway's code
 * is never shown), that it was cancelled, or that the payment is still awaited.
 */
export function unpaidMessage(
	order: { reason: string | null; cancelled: boolean },
	s: ProgressStrings,
): string {
	if (order.reason)
		return fill(s['checkout.complete.declined'], {
			reason: s[`invoice.decline.${declineReason(order.reason)}`],
		});
	return order.cancelled ? s['checkout.complete.cancelled'] : s['checkout.complete.waiting'];
}
