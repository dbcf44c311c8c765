import type { AdminClient } from '../supabase/admin-client';

/** What waits for staff, counted for the console's overview: each links to its section. */
export interface StaffOverview {
	waitingTickets: number;
	flaggedPayments: number;
	payoutRequests: number;
	stuckProvisioning: number;
	/** Credits and refunds above the limit, waiting for a second member of staff. */
	pendingApprovals: number;
}

async function count(
	query: PromiseLike<{ count: number | null; error: { message: string } | null }>,
): Promise<number> {
	const { count: found, error } = await query;
	if (error) throw new Error(error.message);
	return found ?? 0;
}

export async function staffOverview(admin: AdminClient): Promise<StaffOverview> {
	const head = { count: 'exact', head: true } as const;
	const [waitingTickets, flaggedPayments, payoutRequests, stuckProvisioning, pendingApprovals] =
		await Promise.all([
			count(admin.from('tickets').select('id', head).eq('status', 'open')),
			count(admin.from('invoices').select('id', head).not('review_reason', 'is', null)),
			count(admin.from('affiliate_payouts').select('id', head).eq('status', 'requested')),
			count(admin.from('services').select('id', head).not('provisioning_error', 'is', null)),
			count(admin.from('staff_approvals').select('id', head).eq('status', 'pending')),
		]);
	return { waitingTickets, flaggedPayments, payoutRequests, stuckProvisioning, pendingApprovals };
}
