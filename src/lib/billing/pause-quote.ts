import type { Currency } from '../catalogue';
import { percentOf } from '../money';
import { addCycle, type IsoDate } from './dates';
import { PAUSE_MAX_MONTHS, pauseFee } from './fees';

/** What a pause of `months` costs and does, as the pause endpoint will invoice and apply it. */
export interface PauseQuote {
	months: number;
	/** The fee of one month without VAT, minor units. */
	feePerMonth: number;
	/** The fee of the whole pause without VAT. */
	fee: number;
	/** VAT at the customer's rate, rounded once like every invoice line. */
	tax: number;
	total: number;
	/** The due date once the pause is paid: later by the months, on the service's anchor day. */
	newDueDate: IsoDate;
}

export interface PauseSubject {
	currency: Currency;
	/** The current due date (services.current_period_end as a UTC date). */
	dueDate: IsoDate;
	/** The day every period ends on; see addCycle. */
	anchorDay: number;
	/** The customer's VAT percentage now, as the pause invoice will take it. */
	taxRate: number;
}

/**
 * The anchor day of a service: its own, or for rows from before anchors were stored the day its
 * period started, as the pause start falls back to. Otherwise the quote and the pause disagree.
 */
export function anchorDayOf(
	anchorDay: number | null,
	periodStart: string | null,
	periodEnd: string,
): number {
	return anchorDay ?? new Date(periodStart ?? periodEnd).getUTCDate();
}

/** The quote of one pause length, 1 to PAUSE_MAX_MONTHS; other lengths are refused. */
export function pauseQuote(subject: PauseSubject, months: number): PauseQuote {
	const fee = pauseFee(subject.currency, months);
	// percentOf refuses a rate that is not a percentage, as it does for every invoice.
	const tax = percentOf(fee, subject.taxRate);
	return {
		months,
		feePerMonth: pauseFee(subject.currency, 1),
		fee,
		tax,
		total: fee + tax,
		newDueDate: addCycle(subject.dueDate, months, subject.anchorDay),
	};
}

/** Every length a customer may choose, shortest first: what the pause offer shows side by side. */
export function pauseQuotes(subject: PauseSubject): PauseQuote[] {
	return Array.from({ length: PAUSE_MAX_MONTHS }, (_, i) => pauseQuote(subject, i + 1));
}
