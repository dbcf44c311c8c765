import { z } from 'zod';
import { currencySchema } from '../../../lib/domain/currency';
import { approvalKindSchema, approvalStatusSchema } from '../../../lib/domain/staff-approval';
import type { AdminClient } from '../../supabase/admin-client';

const rowSchema = z.object({
	id: z.uuid(),
	kind: approvalKindSchema,
	target_id: z.uuid(),
	customer_id: z.uuid().nullable(),
	amount: z.number().int(),
	currency: currencySchema,
	reason: z.string(),
	requested_by: z.uuid(),
	requested_by_email: z.string(),
	requested_at: z.string(),
	status: approvalStatusSchema,
});

/**
 * Credits and refunds waiting for a second member of staff, oldest first (and any being carried
 * out right now): all of them (/staff/money), or those of one service or invoice (its page).
 */
export async function waitingApprovals(admin: AdminClient, targetId?: string) {
	let query = admin
		.from('staff_approvals')
		.select(
			'id, kind, target_id, customer_id, amount, currency, reason, requested_by, requested_by_email, requested_at, status',
		)
		.in('status', ['pending', 'executing'])
		.order('requested_at', { ascending: true })
		.limit(100);
	if (targetId) query = query.eq('target_id', targetId);
	const { data, error } = await query;
	if (error) throw new Error(`staff_approvals: ${error.message}`);
	const rows = z.array(rowSchema).parse(data);
	return Promise.all(
		rows.map(async (row) => {
			if (!row.customer_id) return { ...row, email: null };
			const { data: customer } = await admin.auth.admin.getUserById(row.customer_id);
			return { ...row, email: customer.user?.email ?? null };
		}),
	);
}
export type WaitingApproval = Awaited<ReturnType<typeof waitingApprovals>>[number];
