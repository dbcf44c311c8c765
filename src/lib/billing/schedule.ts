import { findCycle, type BillingCycleId } from '../catalogue';
import { policy } from '../policy';
import { daysBetween, type IsoDate } from './dates';
import { BillingError } from './errors';

// The day counts the terms quote live in src/lib/policy.ts; these names are the billing run's view.

/** The renewal invoice is issued this many days before the due date. */
export const RENEWAL_NOTICE_DAYS = policy.reminderDaysBefore;
/** An unpaid service is suspended this many days after its due date … */
export const SUSPEND_AFTER_DAYS = policy.suspendAfterDays;
/** … and terminated, its data deleted, this many days after it. */
export const TERMINATE_AFTER_DAYS = policy.terminateAfterDays;
/** Days after the due date on which a saved card is charged: the due date, then two retries. */
export const CHARGE_RETRY_DAYS = [0, 1, 3] as const;
/** Days relative to the due date on which an unpaid renewal is mailed about. */
export const REMINDER_DAYS = [-RENEWAL_NOTICE_DAYS, 0, 1, SUSPEND_AFTER_DAYS - 1] as const;
/** Days from ordering in which the money-back guarantee refunds a service. */
export const MONEY_BACK_DAYS = {
	game: policy.moneyBackDays,
	vps: policy.vpsMoneyBackDays,
} as const;

/** Months in a billing cycle, from the catalogue that also prices it. */
export function cycleMonths(cycle: BillingCycleId): number {
	const found = findCycle(cycle);
	if (!found) throw new BillingError('unknown_cycle', String(cycle));
	return found.months;
}

export interface ServiceDay {
	today: IsoDate;
	/** The end of the paid period (services.current_period_end as a date). */
	dueDate: IsoDate;
	status: 'active' | 'suspended';
	cancelAtPeriodEnd: boolean;
	/** The renewal invoice for this due date, or null while none is issued. */
	renewal: { paid: boolean; chargeAttempts: number } | null;
}

export type DueAction =
	'end' | 'issue_renewal' | 'charge' | 'remind' | 'mark_overdue' | 'suspend' | 'terminate';

/**
 * What the billing run should do for one service today. Thresholds (≥), not exact days, so a run
 * that missed a day catches up; each step is stored idempotently, so asking twice is harmless.
 * Reminders are the exception: they belong to their day. After 'issue_renewal' the run asks again
 * with the new invoice to learn whether it must also charge.
 */
export function dueActions(service: ServiceDay): DueAction[] {
	const day = daysBetween(service.dueDate, service.today);
	if (service.cancelAtPeriodEnd) return day >= 0 ? ['end'] : [];
	const { renewal } = service;
	if (!renewal) return day >= -RENEWAL_NOTICE_DAYS ? ['issue_renewal'] : [];
	if (renewal.paid) return [];
	const actions: DueAction[] = [];
	// Past the last retry there is no next charge: the card is not tried again.
	const nextCharge = CHARGE_RETRY_DAYS[renewal.chargeAttempts] ?? Infinity;
	if (day >= nextCharge) actions.push('charge');
	if ((REMINDER_DAYS as readonly number[]).includes(day)) actions.push('remind');
	if (day >= 1) actions.push('mark_overdue');
	if (day >= SUSPEND_AFTER_DAYS && service.status === 'active') actions.push('suspend');
	if (day >= TERMINATE_AFTER_DAYS) actions.push('terminate');
	return actions;
}
