import { currencies, type Currency } from '../catalogue';
import { minorPerMajor } from '../money';
import { policy } from '../policy';
import { BillingError } from './errors';

/** Pause fee per month in kroner and in euro. Not in policy.ts: the terms only say "small fee". */
export const PAUSE_FEE_PER_MONTH = { kroner: 10, euro: 1 } as const;

/** A pause keeps a server for at most this many months; longer is a cancellation. */
export const PAUSE_MAX_MONTHS = 3;

/**
 * A fee in minor units from its figure in kroner (DKK, NOK, SEK) and in euro, which USD takes
 * too. The Record makes a new currency a compile error until it has a fee. Currencies come from
 * database rows and requests as well, so an unknown one is refused rather than priced NaN.
 */
function inMinorUnits(currency: Currency, kroner: number, euro: number): number {
	if (!currencies.includes(currency)) {
		throw new BillingError('unknown_currency', String(currency));
	}
	const major: Record<Currency, number> = {
		DKK: kroner,
		NOK: kroner,
		SEK: kroner,
		EUR: euro,
		USD: euro,
	};
	return major[currency] * minorPerMajor;
}

/**
 * The days of late fee `daysOverdue` days after the due date earn: one a day from the day after
 * it, none on or before it, and none after the service is suspended (policy.suspendAfterDays):
 * the fee presses for payment while the server still runs; a suspended one is pressed enough.
 */
export function lateFeeDays(daysOverdue: number): number {
	if (!Number.isSafeInteger(daysOverdue)) {
		throw new BillingError('invalid_days', String(daysOverdue));
	}
	return Math.min(Math.max(0, daysOverdue), policy.suspendAfterDays);
}

/**
 * The late fee after `daysOverdue` days: the figure the terms quote (src/lib/policy.ts) for each
 * of its `lateFeeDays`, so at most the days until suspension's worth.
 */
export function lateFee(currency: Currency, daysOverdue: number): number {
	const days = lateFeeDays(daysOverdue);
	return days * inMinorUnits(currency, policy.lateFeeKroner, policy.lateFeeEuro);
}

/** The fee to pause a service for `months` whole months, 1 to PAUSE_MAX_MONTHS. */
export function pauseFee(currency: Currency, months: number): number {
	if (!Number.isInteger(months) || months < 1 || months > PAUSE_MAX_MONTHS) {
		throw new BillingError('invalid_pause', `${months} months`);
	}
	const { kroner, euro } = PAUSE_FEE_PER_MONTH;
	return months * inMinorUnits(currency, kroner, euro);
}
