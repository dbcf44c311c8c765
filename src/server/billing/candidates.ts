import type { AdminClient } from '../supabase/admin-client';

/** A service the billing run looks at, as `billing_candidates` returns it. */
export interface BillingCandidate {
	id: string;
	user_id: string;
	status: 'active' | 'suspended';
	product_type: 'game' | 'vps';
	game: string | null;
	plan_id: string;
	ram_gb: number;
	billing_cycle: string;
	currency: 'USD' | 'EUR' | 'DKK' | 'NOK' | 'SEK';
	recurring_amount: number;
	anchor_day: number;
	/** The due date: the end of the paid period, an ISO timestamp. */
	period_end: string;
	cancel_at_period_end: boolean;
	/** A pause is running (service_pauses); the run leaves the service to it. */
	paused: boolean;
	panel_server_id: string | null;
	panel_identifier: string | null;
	country: string | null;
	locale: string | null;
	gateway_customer_id: string | null;
	saved_method: string | null;
	/** The renewal invoice of the coming period, once issued. */
	invoice: {
		id: string;
		status: 'unpaid' | 'overdue' | 'paid' | 'refunded';
		total: number;
		late_fee: number;
		charge_attempts: number;
		due_at: string;
	} | null;
}

/** Services due within `noticeDays` of `now` (or past due), and every suspended one. */
export async function billingCandidates(
	admin: AdminClient,
	now: Date,
	noticeDays: number,
): Promise<BillingCandidate[]> {
	const { data, error } = await admin.rpc('billing_candidates', {
		at: now.toISOString(),
		notice_days: noticeDays,
	});
	if (error) throw new Error(`billing_candidates: ${error.message}`);
	return data as unknown as BillingCandidate[];
}
