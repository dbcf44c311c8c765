import { z } from 'zod';
import { currencySchema } from '../../lib/domain/currency';
import { policy } from '../../lib/policy';
import {
	payoutStatusSchema,
	type AffiliateCommission,
	type AffiliateView,
} from '../../lib/panel/affiliate';
import type { CustomerClient } from '../supabase/customer-client';

// The affiliate page's read, as the customer: the database's overview (figures and balances,
// computed from paid invoices) and the customer's own commission lines and payouts, which
// row-level security limits to them. A referred customer is only ever a number.

/**
 * What `affiliate_overview` answers (jsonb, its latest definition in
 * 20261126170000_affiliate_paid_tiers.sql): null for a customer who has not joined. Counts and
 * amounts (minor units) are whole numbers; `joinedAt` is kept, as the page has always passed it on.
 */
const overviewSchema = z
	.object({
		code: z.string(),
		joinedAt: z.string(),
		visits: z.number().int(),
		signUps: z.number().int(),
		payingCustomers: z.number().int(),
		tiers: z.array(z.object({ percent: z.number().int(), minCustomers: z.number().int() })),
		holdDays: z.number().int(),
		balances: z.array(
			z.object({
				currency: currencySchema,
				pending: z.number().int(),
				available: z.number().int(),
				paidOut: z.number().int(),
				minimumPayout: z.number().int(),
			}),
		),
	})
	.nullable();

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
	const overview = overviewSchema.parse(data);
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
			status: payoutStatusSchema.parse(row.status),
			requestedAt: row.requested_at,
		})),
	};
}
