import { dueActions, lateFee } from '../../../lib/billing';
import type { AdminClient } from '../../supabase/admin-client';
import type { BillingCandidate } from './candidates';
import { lineColumns } from '../../../lib/billing/invoice-lines';
import { chargeRenewal } from './charge';
import { moveService } from '../host-steps';
import type { BillingState } from '../panel-steps';
import { afterRenewalPaid } from './renewal';
import { dateOf, issueRenewalInvoice, must } from './renewal-invoice';

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

export interface RunContext {
	now: Date;
	/** The public site, for links in mails. */
	origin: string;
}

/**
 * One service at `now`: the steps `dueActions` names (src/lib/billing), each taken through a guarded
 * database function or the game panel first. A charge that succeeds ends the step: the payment
 * settles the invoice and extends the period.
 */
export async function billService(
	admin: AdminClient,
	s: BillingCandidate,
	{ now, origin }: RunContext,
): Promise<StepOutcome> {
	const today = dateOf(now);
	const invoice = s.invoice;
	const actions = dueActions({
		today,
		dueDate: dateOf(s.period_end),
		duePassed: now > new Date(invoice?.due_at ?? s.period_end),
		status: s.status,
		paused: s.paused,
		cancelAtPeriodEnd: s.cancel_at_period_end,
		hasSavedCard: s.saved_method !== null,
		renewal: invoice
			? {
					paid: invoice.status === 'paid',
					chargeAttempts: invoice.charge_attempts,
					issuedOn: dateOf(invoice.issued_at),
				}
			: null,
	});
	let outcome: StepOutcome = 'nothing';
	const moved = async (state: BillingState, as: StepOutcome) => {
		if (await moveService(admin, s, state, now)) outcome = as;
	};
	// Set by 'mark_overdue', which comes first once the invoice is due: what a charge then takes.
	let fee = 0;
	for (const action of actions) {
		switch (action.do) {
			case 'end':
				await moved('cancelled', 'ended');
				break;
			case 'unsuspend':
				await moved('active', 'unsuspended');
				break;
			case 'extend':
				if (await afterRenewalPaid(admin, invoice!.id, now)) outcome = 'renewed';
				break;
			case 'issue_renewal':
				if ((await issueRenewalInvoice(admin, s, now)).created) outcome = 'invoiced';
				break;
			case 'mark_overdue':
				fee = lateFee(s.currency, action.feeDays);
				if (await markOverdue(admin, invoice!.id, now, fee, action.feeDays)) outcome = 'overdue';
				break;
			case 'charge': {
				const total = invoice!.total - invoice!.late_fee + fee;
				const charged = await chargeRenewal(admin, s, { id: invoice!.id, total }, action.attempt, {
					now,
					origin,
				});
				if (charged) return 'charged';
				outcome = 'charge_failed';
				break;
			}
			case 'suspend':
				await moved('suspended', 'suspended');
				break;
			case 'terminate':
				await moved('terminated', 'terminated');
				break;
			case 'remind':
				must(
					'owe_billing_notice',
					await admin.rpc('owe_billing_notice', { kind: action.reminder, invoice: invoice!.id }),
				);
				break;
		}
	}
	return outcome;
}

async function markOverdue(
	admin: AdminClient,
	invoice: string,
	now: Date,
	fee: number,
	feeDays: number,
) {
	return must(
		'mark_invoice_overdue',
		await admin.rpc('mark_invoice_overdue', {
			invoice,
			at: now.toISOString(),
			late_fee: fee,
			...lineColumns({ kind: 'lateFee', days: feeDays }),
		}),
	);
}
