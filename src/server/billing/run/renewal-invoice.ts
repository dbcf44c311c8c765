import { z } from 'zod';
import { addCycle } from '../../../lib/billing';
import { findCycle, vatRateFor } from '../../../lib/catalogue';
import { percentOf } from '../../../lib/money';
import type { AdminClient } from '../../supabase/admin-client';
import type { BillingCandidate } from './candidates';
import { lineColumns } from '../../../lib/billing/invoice-lines';

export const dateOf = (iso: string | Date) => new Date(iso).toISOString().slice(0, 10);
/** The same time of day as `like`, on `date`: periods keep the hour they started at. */
export const onDate = (date: string, like: string) =>
	`${date}T${new Date(like).toISOString().slice(11)}`;

/** The data of an RPC's answer, or its error thrown: the step fails and the next run retries. */
export function must<T>(
	name: string,
	{ data, error }: { data: T; error: { message: string } | null },
): T {
	if (error) throw new Error(`${name}: ${error.message}`);
	return data;
}

/** What a renewal invoice is made from: the service, its price and the customer's country. */
export type RenewalSubject = Pick<
	BillingCandidate,
	| 'id'
	| 'billing_cycle'
	| 'country'
	| 'period_end'
	| 'anchor_day'
	| 'recurring_amount'
	| 'plan_id'
	| 'ram_gb'
	| 'location'
>;

/** What `issue_renewal_invoice` answers (jsonb): the invoice when it made one. */
const issuedSchema = z.object({ created: z.boolean(), invoice_id: z.string().optional() });

/**
 * The renewal invoice of the period after `period_end`: the recurring amount, VAT at the customer's
 * current rate, the next period on the anchor day. The database issues it once per period (and not
 * for a pending cancellation); `created` is false when it already existed or was refused.
 */
export async function issueRenewalInvoice(
	admin: AdminClient,
	s: RenewalSubject,
	now: Date,
): Promise<z.infer<typeof issuedSchema>> {
	const cycle = findCycle(s.billing_cycle);
	const months = cycle?.months;
	if (!cycle || !months)
		throw new Error(`service ${s.id} has an unknown billing cycle ${s.billing_cycle}`);
	const taxRate = vatRateFor(s.country ?? '');
	const nextEnd = addCycle(dateOf(s.period_end), months, s.anchor_day);
	return issuedSchema.parse(
		must(
			'issue_renewal_invoice',
			await admin.rpc('issue_renewal_invoice', {
				service: s.id,
				at: now.toISOString(),
				period_end: onDate(nextEnd, s.period_end),
				amounts: { tax_rate: taxRate, tax: percentOf(s.recurring_amount, taxRate) },
				...lineColumns({
					kind: 'renewal',
					plan: s.plan_id,
					ramGb: s.ram_gb,
					cycle: cycle.id,
					from: dateOf(s.period_end),
					to: nextEnd,
					location: s.location,
				}),
			}),
		),
	);
}
