import { policy } from '../../lib/policy';
import type {
	AffiliateBalance,
	AffiliateCommission,
	AffiliatePayout,
	AffiliateView,
} from '../../lib/panel/affiliate';
import type { CustomerClient } from '../supabase/customer-client';

// The affiliate page's read, as the customer: the database's overview (figures and balances,
// computed from paid invoices) and the customer's own commission lines and payouts, which
// row-level security limits to them. A referred customer is only ever a number.

interface Overview {
	code: string;
	visits: number;
	signUps: number;
	payingCustomers: number;
	tiers: { percent: number; minCustomers: number }[];
	holdDays: number;
	balances: AffiliateBalance[];
}

function statusOf(row: {
	kind: string;
	cancelled_at: string | null;
	payout_id: string | null;
	available_at: string;
}): AffiliateCommission['status'] {
	if (row.kind === 'reversal') return 'reversal';
	if (row.cancelled_at) return 'cancelled';
	if (row.payout_id) return 'paid_out';
	return Date.parse(row.available_at) > Date.now() ? 'pending' : 'available';
}

export async function affiliatePage(client: CustomerClient): Promise<AffiliateView> {
	const { data, error } = await client.rpc('affiliate_overview');
	if (error) throw new Error(`affiliate_overview: ${error.message}`);
	const overview = data as unknown as Overview | null;
	if (!overview)
		return {
			joined: false,
			tiers: policy.affiliate.tiers.map(({ percent, minCustomers }) => ({ percent, minCustomers })),
			holdDays: policy.affiliate.holdDays,
		};
	const [lines, payouts] = await Promise.all([
		client
			.from('commissions')
			.select(
				'kind, amount, currency, percent, referral_label, invoice_month, available_at, cancelled_at, payout_id',
			)
			.order('created_at', { ascending: false })
			.limit(200),
		client
			.from('affiliate_payouts')
			.select('id, currency, amount, status, requested_at')
			.order('requested_at', { ascending: false })
			.limit(50),
	]);
	if (lines.error) throw new Error(`commissions: ${lines.error.message}`);
	if (payouts.error) throw new Error(`payouts: ${payouts.error.message}`);
	return {
		joined: true,
		...overview,
		commissions: lines.data.map((row) => ({
			invoiceMonth: row.invoice_month,
			customer: row.referral_label,
			amount: Number(row.amount),
			currency: row.currency,
			percent: row.percent,
			status: statusOf(row),
			availableAt: row.available_at,
		})),
		payouts: payouts.data.map((row) => ({
			id: row.id,
			currency: row.currency,
			amount: Number(row.amount),
			status: row.status as AffiliatePayout['status'],
			requestedAt: row.requested_at,
		})),
	};
}
