import { z } from 'zod';
import { payoutStatusSchema, type PayoutStatus } from '../../lib/panel/affiliate';
import { isUuid } from '../../lib/uuid';
import type { AdminClient } from '../supabase/admin-client';
import { useTranslations, type Locale } from '../../i18n';
import type { StaffOutcome } from './write';

/**
 * Affiliate payouts in the staff console (`/staff/payouts`): the requests waiting, oldest first,
 * and those settled, newest first. Settling is `settle_affiliate_payout`, the SQL function
 * `npm run affiliate:payout` calls: paid, or rejected, which returns the payout's commissions to
 * the affiliate's available balance. The console calls it through `staff_settle_affiliate_payout`
 * (20261128120000_staff_customers.sql), which locks the payout and tells a settle from a payout
 * found already settled, so a second settle is refused, not done or audited again.
 */

export const payoutOutcomes = ['paid', 'rejected'] as const;
export type PayoutOutcome = (typeof payoutOutcomes)[number];
export const payoutOutcomeSchema = z.enum(payoutOutcomes);

export interface StaffPayout {
	id: string;
	affiliateId: string;
	affiliateName: string;
	affiliateEmail: string;
	currency: string;
	amount: number;
	details: string;
	status: PayoutStatus;
	requestedAt: string;
	settledAt: string | null;
}

export interface PayoutQueue {
	requested: StaffPayout[];
	settled: StaffPayout[];
}

/** How many settled payouts the page lists under the waiting ones. */
export const settledShown = 50;

const payoutRow = z.object({
	id: z.string(),
	affiliate_id: z.string(),
	currency: z.string(),
	amount: z.coerce.number(),
	details: z.string(),
	status: payoutStatusSchema,
	requested_at: z.string(),
	settled_at: z.string().nullable(),
});
const columns = 'id, affiliate_id, currency, amount, details, status, requested_at, settled_at';

export async function payoutQueue(admin: AdminClient): Promise<PayoutQueue> {
	const [requested, settled] = await Promise.all([
		admin
			.from('affiliate_payouts')
			.select(columns)
			.eq('status', 'requested')
			.order('requested_at', { ascending: true })
			.limit(500),
		admin
			.from('affiliate_payouts')
			.select(columns)
			.neq('status', 'requested')
			.order('settled_at', { ascending: false, nullsFirst: false })
			.limit(settledShown),
	]);
	if (requested.error) throw new Error(`affiliate_payouts: ${requested.error.message}`);
	if (settled.error) throw new Error(`affiliate_payouts: ${settled.error.message}`);
	const rows = z.array(payoutRow).parse([...requested.data, ...settled.data]);
	const ids = [...new Set(rows.map((row) => row.affiliate_id))];
	const [emails, names] = ids.length
		? await Promise.all([
				admin.rpc('staff_customer_emails', { ids }),
				admin.from('profiles').select('id, first_name, last_name').in('id', ids),
			])
		: [
				{ data: [], error: null },
				{ data: [], error: null },
			];
	if (emails.error) throw new Error(`staff_customer_emails: ${emails.error.message}`);
	if (names.error) throw new Error(`profiles: ${names.error.message}`);
	const emailOf = new Map((emails.data ?? []).map((row) => [row.id, row.email]));
	const nameOf = new Map(
		(names.data ?? []).map((row) => [row.id, `${row.first_name} ${row.last_name}`.trim()]),
	);
	const view = (row: z.infer<typeof payoutRow>): StaffPayout => ({
		id: row.id,
		affiliateId: row.affiliate_id,
		affiliateName: nameOf.get(row.affiliate_id) ?? '',
		affiliateEmail: emailOf.get(row.affiliate_id) ?? '',
		currency: row.currency,
		amount: row.amount,
		details: row.details,
		status: row.status,
		requestedAt: row.requested_at,
		settledAt: row.settled_at,
	});
	return {
		requested: rows.filter((row) => row.status === 'requested').map(view),
		settled: rows.filter((row) => row.status !== 'requested').map(view),
	};
}

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
