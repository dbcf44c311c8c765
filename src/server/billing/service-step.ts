import {
	addCycle,
	CHARGE_RETRY_DAYS,
	daysBetween,
	lateFee,
	REMINDER_DAYS,
	RENEWAL_NOTICE_DAYS,
	SUSPEND_AFTER_DAYS,
	TERMINATE_AFTER_DAYS,
} from '../../lib/billing';
import { findCycle, vatRateFor } from '../../lib/catalogue';
import { percentOf } from '../../lib/money';
import { productOf } from '../../lib/product-name';
import type { AdminClient } from '../supabase/admin-client';
import type { BillingCandidate } from './candidates';
import { chargeRenewal } from './charge';
import { moveService } from './panel-steps';
import { afterRenewalPaid } from './renewal';

/** What one service's step did, for the run's summary. */
export type StepOutcome =
	| 'nothing'
	| 'invoiced'
	| 'charged'
	| 'charge_failed'
	| 'overdue'
	| 'suspended'
	| 'terminated'
	| 'ended'
	| 'renewed'
	| 'unsuspended';

const dateOf = (iso: string | Date) => new Date(iso).toISOString().slice(0, 10);
/** The same time of day as `like`, on `date`: periods keep the hour they started at. */
const onDate = (date: string, like: string) => `${date}T${new Date(like).toISOString().slice(11)}`;

/** The notice a customer is owed `days` after the due date (negative: before), if any. */
function reminderFor(days: number): 'due' | 'overdue' | 'suspension_warning' | null {
	const latest = [...REMINDER_DAYS].filter((day) => day <= days && day >= 0).pop();
	if (latest === undefined) return null;
	if (latest === 0) return 'due';
	return latest < SUSPEND_AFTER_DAYS - 1 ? 'overdue' : 'suspension_warning';
}

/** The data of an RPC's answer, or its error thrown: the step fails and the next run retries. */
function must<T>(name: string, { data, error }: { data: T; error: { message: string } | null }): T {
	if (error) throw new Error(`${name}: ${error.message}`);
	return data;
}

export interface RunContext {
	now: Date;
	/** The public site, for links in mails. */
	origin: string;
}

async function issueInvoice(admin: AdminClient, s: BillingCandidate, now: Date) {
	const months = findCycle(s.billing_cycle)?.months;
	if (!months) throw new Error(`service ${s.id} has an unknown billing cycle ${s.billing_cycle}`);
	const taxRate = vatRateFor(s.country ?? '');
	const nextEnd = addCycle(dateOf(s.period_end), months, s.anchor_day);
	const made = must(
		'issue_renewal_invoice',
		await admin.rpc('issue_renewal_invoice', {
			service: s.id,
			at: now.toISOString(),
			period_end: onDate(nextEnd, s.period_end),
			amounts: { tax_rate: taxRate, tax: percentOf(s.recurring_amount, taxRate) },
			description: `${productOf(s.plan_id)?.name ?? s.plan_id}, ${s.ram_gb} GB RAM, ${s.billing_cycle} (${dateOf(s.period_end)} – ${nextEnd})`,
		}),
	) as { created: boolean };
	return made.created;
}

/**
 * One service at `now`: end a pending cancellation at its period end; issue the renewal invoice
 * in the notice period; once due, charge the saved card on the retry days, mark the invoice
 * overdue with its late fee, remind, suspend and finally terminate. Each step is guarded in the
 * database, so a second run at the same moment does nothing.
 */
export async function billService(
	admin: AdminClient,
	s: BillingCandidate,
	{ now, origin }: RunContext,
): Promise<StepOutcome> {
	const days = daysBetween(dateOf(s.period_end), dateOf(now));
	const invoice = s.invoice;
	if (s.cancel_at_period_end)
		return now >= new Date(s.period_end) && (await moveService(admin, s, 'cancelled', now))
			? 'ended'
			: 'nothing';
	if (invoice?.status === 'paid')
		return (await afterRenewalPaid(admin, invoice.id, now)) ? 'renewed' : 'nothing';
	if (s.status === 'suspended' && days < 0 && !invoice)
		return (await moveService(admin, s, 'active', now)) ? 'unsuspended' : 'nothing';
	if (!invoice)
		return days >= -RENEWAL_NOTICE_DAYS && (await issueInvoice(admin, s, now))
			? 'invoiced'
			: 'nothing';
	if (invoice.status !== 'unpaid' && invoice.status !== 'overdue') return 'nothing';
	if (now <= new Date(invoice.due_at)) return 'nothing';

	const fee = lateFee(s.currency, days);
	const overdue = must(
		'mark_invoice_overdue',
		await admin.rpc('mark_invoice_overdue', {
			invoice: invoice.id,
			at: now.toISOString(),
			late_fee: fee,
			description: `Late fee: ${days} day(s) overdue`,
		}),
	);
	const total = invoice.total - invoice.late_fee + fee;
	const attemptsDue = CHARGE_RETRY_DAYS.filter((day) => day <= days).length;
	if (s.saved_method && invoice.charge_attempts < attemptsDue) {
		const charged = await chargeRenewal(admin, s, { id: invoice.id, total }, attemptsDue, origin);
		if (charged) return 'charged';
	}
	if (days >= TERMINATE_AFTER_DAYS)
		return (await moveService(admin, s, 'terminated', now)) ? 'terminated' : 'nothing';
	if (days >= SUSPEND_AFTER_DAYS && s.status === 'active')
		return (await moveService(admin, s, 'suspended', now)) ? 'suspended' : 'nothing';
	const reminder = reminderFor(days);
	if (reminder)
		must(
			'owe_billing_notice',
			await admin.rpc('owe_billing_notice', { kind: reminder, invoice: invoice.id }),
		);
	return overdue ? 'overdue' : 'nothing';
}
