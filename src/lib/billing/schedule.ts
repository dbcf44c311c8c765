import { findCycle, type BillingCycleId } from '../catalogue';
import { policy } from '../policy';
import { addDays, daysBetween, type IsoDate } from './dates';
import { BillingError } from './errors';
import { lateFeeDays } from './fees';

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
	/** Whether the due moment itself (its hour on the due date) has passed. */
	duePassed: boolean;
	status: 'active' | 'suspended';
	/** A pause is running: its own end (or the customer resuming) brings the service back. */
	paused: boolean;
	cancelAtPeriodEnd: boolean;
	hasSavedCard: boolean;
	/** The renewal invoice for this due date, or null while none is issued. */
	renewal: {
		paid: boolean;
		chargeAttempts: number;
		/** The day it was issued; absent (a row from before it was read) counts as in time. */
		issuedOn?: IsoDate;
	} | null;
}

export type Reminder = 'due' | 'overdue' | 'suspension_warning';

export type DueAction =
	| { do: 'end' | 'extend' | 'unsuspend' | 'issue_renewal' }
	/** Overdue, with the days of late fee it has earned (`lateFeeDays`). */
	| { do: 'mark_overdue'; feeDays: number }
	| { do: 'suspend' | 'terminate' }
	| { do: 'charge'; attempt: number }
	| { do: 'remind'; reminder: Reminder };

/** How many charges of a saved card are due `day` days after the due date (retries included). */
export function chargesDue(day: number): number {
	return CHARGE_RETRY_DAYS.filter((retry) => retry <= day).length;
}

/**
 * The day the billing run will next try the saved card for a renewal due on `due`, after
 * `attempts` tries: the retry day it has reached, or today when a run missed it. Null once the
 * retries are used up (the customer pays by hand).
 */
export function nextAutoCharge(due: IsoDate, today: IsoDate, attempts: number): IsoDate | null {
	const day = CHARGE_RETRY_DAYS[attempts];
	if (day === undefined) return null;
	const on = addDays(due, day);
	return on < today ? today : on;
}

/**
 * The reminder an unpaid renewal has earned `day` days after the due date: the latest one only, so
 * a run that missed days sends one mail, not a backlog. The notice 7 days before is the invoice mail.
 */
export function reminderOn(day: number): Reminder | null {
	// From suspension on, the suspension mail says it all; a warning now would come too late.
	if (day >= SUSPEND_AFTER_DAYS) return null;
	const latest = REMINDER_DAYS.filter((reminder) => reminder >= 0 && reminder <= day).at(-1);
	if (latest === undefined) return null;
	if (latest === 0) return 'due';
	return latest < SUSPEND_AFTER_DAYS - 1 ? 'overdue' : 'suspension_warning';
}

/**
 * The day an unpaid renewal's schedule counts from: its due date, or the day the customer was
 * first sent it when the shop issued it after that (billing runs missed, a moment replayed).
 * Charges, reminders, the late fee, suspension and deletion all run from here, so a customer is
 * never late for days before they had the bill, and gets the usual days after it.
 */
export function dunningDate(dueDate: IsoDate, issuedOn: IsoDate): IsoDate {
	return addDays(dueDate, Math.max(0, daysBetween(dueDate, issuedOn)));
}

/**
 * What the billing run does for one service now, in order. Thresholds (≥), not exact days, so a run
 * that missed a day catches up; each step is stored idempotently, so asking twice is harmless. A
 * charge that succeeds ends the list (the payment settles the rest).
 */
export function dueActions(service: ServiceDay): DueAction[] {
	const { renewal } = service;
	const from = renewal?.issuedOn ? dunningDate(service.dueDate, renewal.issuedOn) : service.dueDate;
	const day = daysBetween(from, service.today);
	if (service.paused) return [];
	if (service.cancelAtPeriodEnd) return service.duePassed ? [{ do: 'end' }] : [];
	// Paid, yet still here: the period was not extended (a crash, a panel that was down). Repair.
	if (renewal?.paid) return [{ do: 'extend' }];
	if (!renewal) {
		// Suspended with its period ahead: renewed while the panel could not unsuspend.
		if (service.status === 'suspended' && day < 0) return [{ do: 'unsuspend' }];
		return day >= -RENEWAL_NOTICE_DAYS ? [{ do: 'issue_renewal' }] : [];
	}
	if (!service.duePassed) return [];
	// The termination day has come, however late the run: the schedule deletes now. No charge of
	// what the fee built up and no fee, on an invoice the termination cancels.
	if (day >= TERMINATE_AFTER_DAYS) return [{ do: 'terminate' }];
	const actions: DueAction[] = [{ do: 'mark_overdue', feeDays: lateFeeDays(day) }];
	const attempt = chargesDue(day);
	if (service.hasSavedCard && renewal.chargeAttempts < attempt)
		actions.push({ do: 'charge', attempt });
	if (day >= SUSPEND_AFTER_DAYS && service.status === 'active')
		return [...actions, { do: 'suspend' }];
	const reminder = reminderOn(day);
	return reminder ? [...actions, { do: 'remind', reminder }] : actions;
}
