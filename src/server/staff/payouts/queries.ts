import { z } from 'zod';
import { payoutStatusSchema, type PayoutStatus } from '../../../lib/panel/affiliate';
import type { AdminClient } from '../../supabase/admin-client';

/**
 * Affiliate payouts in the staff console (`/staff/payouts`): the requests waiting, oldest first,
 * and those settled, newest first, each with the affiliate's name and e-mail. Settling one is
 * `actions.ts`.
 */

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
