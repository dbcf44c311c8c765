import { z } from 'zod';
import { useTranslations, type Locale } from '../../../i18n';
import { payoutStatusSchema } from '../../../lib/panel/affiliate';
import { isUuid } from '../../../lib/uuid';
import type { AdminClient } from '../../supabase/admin-client';
import type { StaffOutcome } from '../write';

/**
 * Settling an affiliate payout from the staff console: `settle_affiliate_payout`, the SQL function
 * `npm run affiliate:payout` calls: paid, or rejected, which returns the payout's commissions to
 * the affiliate's available balance. The console calls it through `staff_settle_affiliate_payout`
 * (20261128120000_staff_customers.sql), which locks the payout and tells a settle from a payout
 * found already settled, so a second settle is refused, not done or audited again.
 */

export const payoutOutcomes = ['paid', 'rejected'] as const;
export type PayoutOutcome = (typeof payoutOutcomes)[number];
export const payoutOutcomeSchema = z.enum(payoutOutcomes);

const refusal = (status: number, code: string, message: string): StaffOutcome => ({
	status,
	body: { error: { code, message } },
});

const settleAnswer = z.discriminatedUnion('result', [
	z.object({ result: z.literal('not_found') }),
	z.object({ result: z.literal('already_settled'), status: payoutStatusSchema }),
	z.object({
		result: z.literal('settled'),
		status: z.enum(payoutOutcomes),
		affiliateId: z.string(),
		amount: z.coerce.number(),
		currency: z.string(),
	}),
]);

/**
 * Settles one payout request for the staff write door (POST /api/staff/payouts/{id}), through
 * `staff_settle_affiliate_payout` (which calls `settle_affiliate_payout`): 200 with the new status
 * and an audit entry (the affiliate is the customer; the status before and after), or a refusal
 * that changed nothing: 404 for no such payout, 409 `already_settled` for one no longer waiting
 * (paid or rejected before, by anyone, the command line included).
 */
export async function settlePayout(
	admin: AdminClient,
	id: string,
	outcome: PayoutOutcome,
	locale: Locale,
): Promise<StaffOutcome> {
	const t = useTranslations(locale);
	if (!isUuid(id)) return refusal(404, 'not_found', t('staff.payouts.error.notFound'));
	const payoutId = id.toLowerCase();
	const { data, error } = await admin.rpc('staff_settle_affiliate_payout', {
		payout: payoutId,
		outcome,
	});
	if (error) throw new Error(`staff_settle_affiliate_payout: ${error.message}`);
	const answer = settleAnswer.parse(data);
	switch (answer.result) {
		case 'not_found':
			return refusal(404, 'not_found', t('staff.payouts.error.notFound'));
		case 'already_settled':
			return refusal(
				409,
				'already_settled',
				t('staff.payouts.error.alreadySettled', {
					status: t(`affiliate.payoutStatus.${answer.status}`),
				}),
			);
		case 'settled': {
			const money = { amount: answer.amount, currency: answer.currency };
			return {
				status: 200,
				body: { payout: payoutId, status: answer.status },
				audit: {
					action: answer.status === 'paid' ? 'payout_paid' : 'payout_rejected',
					customerId: answer.affiliateId,
					subject: `payout:${payoutId}`,
					before: { status: 'requested', ...money },
					after: { status: answer.status, ...money },
				},
			};
		}
	}
}
