import { divideRounded, percentOf } from '../money';
import { daysBetween, type IsoDate } from './dates';
import { BillingError } from './errors';

export interface ProrationInput {
	/** Period price (minor units, excluding VAT) before and after the change. */
	oldAmount: number;
	newAmount: number;
	/** The paid period: it starts on periodStart and the next one starts on periodEnd. */
	periodStart: IsoDate;
	periodEnd: IsoDate;
	/** The day the change takes effect; it is charged as a day of the new price. */
	on: IsoDate;
	/** VAT of the billing country, at most two decimals (25, 19, 25.5). */
	taxPercent: number;
}

export interface Proration {
	daysLeft: number;
	daysInPeriod: number;
	/** Negative for a downgrade: what the customer is owed for the rest of the period. */
	net: number;
	tax: number;
	total: number;
}

/**
 * divideRounded gives −0 for a negative share that rounds to nothing, which Intl prints as "-0.00"
 * on an invoice; adding 0 turns it into 0 and leaves every other number as it is.
 */
function withoutNegativeZero(amount: number): number {
	return amount + 0;
}

/** VAT on a net amount, rounded once. percentOf scales to basis points, so 25.5 % is exact. */
export function taxOn(net: number, taxPercent: number): number {
	if (!Number.isSafeInteger(net)) throw new BillingError('invalid_amount', String(net));
	try {
		return withoutNegativeZero(percentOf(net, taxPercent));
	} catch {
		throw new BillingError('invalid_percent', String(taxPercent));
	}
}

function checkAmount(amount: number): void {
	if (!Number.isSafeInteger(amount) || amount < 0) {
		throw new BillingError('invalid_amount', String(amount));
	}
}

/**
 * What a change of price costs for the rest of the period:
 * net = (new − old) × daysLeft ÷ daysInPeriod, tax = net × VAT %, each rounded once, half away
 * from zero, so an upgrade and the same downgrade are exact opposites. A change on periodEnd
 * has no days left: the renewal at the new price covers it.
 */
export function prorate(input: ProrationInput): Proration {
	const { oldAmount, newAmount, periodStart, periodEnd, on, taxPercent } = input;
	checkAmount(oldAmount);
	checkAmount(newAmount);
	const daysInPeriod = daysBetween(periodStart, periodEnd);
	if (daysInPeriod <= 0) {
		throw new BillingError('invalid_period', `${periodStart} to ${periodEnd}`);
	}
	const daysLeft = daysBetween(on, periodEnd);
	if (daysLeft < 0 || daysLeft > daysInPeriod) {
		throw new BillingError('outside_period', `${on} is not in ${periodStart} to ${periodEnd}`);
	}
	const net = withoutNegativeZero(divideRounded((newAmount - oldAmount) * daysLeft, daysInPeriod));
	const tax = taxOn(net, taxPercent);
	return { daysLeft, daysInPeriod, net, tax, total: net + tax };
}
