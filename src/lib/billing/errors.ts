export type BillingErrorCode =
	| 'invalid_date'
	| 'invalid_months'
	| 'invalid_anchor_day'
	| 'invalid_amount'
	| 'invalid_percent'
	| 'invalid_days'
	| 'invalid_period'
	| 'outside_period'
	| 'invalid_pause'
	| 'unknown_cycle'
	| 'unknown_currency';

/**
 * Input the money rules refuse rather than guess at. It is a bug in the caller (a row the database
 * should not hold, a form that skipped validation), so the run stops that service and logs the code.
 */
export class BillingError extends Error {
	readonly code: BillingErrorCode;

	constructor(code: BillingErrorCode, detail: string) {
		super(`${code}: ${detail}`);
		this.name = 'BillingError';
		this.code = code;
	}
}
