import { addDays, type IsoDate } from './dates';
import { SUSPEND_AFTER_DAYS, TERMINATE_AFTER_DAYS } from './schedule';

// A declined automatic payment in the customer's words: the gateway's decline codes we explain,
// and the days that follow from the due date. Codes we do not know read as a plain "declined".

export const declineReasons = [
	'card_declined',
	'insufficient_funds',
	'expired_card',
	'incorrect_cvc',
	'lost_card',
	'stolen_card',
	'do_not_honor',
	'authentication_required',
	'processing_error',
] as const;

export type DeclineReason = (typeof declineReasons)[number] | 'other';

/** The reason a decline code is explained as; unknown and missing codes are `other`. */
export function declineReason(code: string | null | undefined): DeclineReason {
	return declineReasons.find((known) => known === code) ?? 'other';
}

/** The days an unpaid renewal due on `due` is suspended and then deleted. */
export function unpaidConsequences(due: IsoDate): { suspendOn: IsoDate; deleteOn: IsoDate } {
	return {
		suspendOn: addDays(due, SUSPEND_AFTER_DAYS),
		deleteOn: addDays(due, TERMINATE_AFTER_DAYS),
	};
}

/** Gateways name brands in lower case (visa, mastercard); customers read them capitalised. */
export function brandLabel(brand: string): string {
	return brand.charAt(0).toUpperCase() + brand.slice(1);
}
