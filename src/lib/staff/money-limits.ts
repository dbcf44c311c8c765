import type { Currency } from '../domain/currency';
import { policy } from '../policy';

// Four eyes on staff money (issue 38): the limits live in policy.ts, per currency; these read them
// for the server, which decides, and for the console's forms, which say them.

/** Whether a credit or refund of `amount` (minor units) waits for a second member of staff. */
export function needsSecondApproval(amount: number, currency: Currency): boolean {
	return amount > policy.staffMoney.approvalAbove[currency];
}

/** The most one credit may be (minor units), approved or not. */
export function creditMax(currency: Currency): number {
	return policy.staffMoney.creditMax[currency];
}

/** The amount above which a second member of staff approves (minor units). */
export function approvalAbove(currency: Currency): number {
	return policy.staffMoney.approvalAbove[currency];
}
