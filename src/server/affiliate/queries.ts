import { z } from 'zod';
import { currencySchema } from '../../lib/domain/currency';
import { policy } from '../../lib/policy';
import {
	payoutStatusSchema,
	type AffiliateCommission,
	type AffiliateView,
} from '../../lib/panel/affiliate';
import type { AdminClient } from '../supabase/admin-client';
import type { CustomerClient } from '../supabase/customer-client';

// The affiliate page's read, as the customer: the database's overview (figures and balances,
// computed from paid invoices) and the customer's own commission lines and payouts, which
// row-level security limits to them. A referred customer is only ever a number. Staff read the
// same page of any customer (affiliatePageOf), through the same overview and mapping.

/**
 * What `affiliate_overview` and `staff_affiliate_overview` answer (jsonb, both
 * `private.affiliate_overview_of`, in 20261128120000_staff_customers.sql): null for a customer who has not joined. Counts and
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

/** The columns both readers take: the customer's own rows, or one affiliate's for staff. */
const commissionColumns =
	'kind, amount, currency, percent, referral_label, invoice_month, available_at, cancelled_at, payout_id' as const;
const payoutColumns = 'id, currency, amount, status, requested_at' as const;

/**
 * The affiliate page's data. `overview` is what affiliate_overview (or, for staff,
 * staff_affiliate_overview) answered; `lines` and `payouts` are the affiliate's own rows.
 */
async function affiliateView(
	overviewRead: PromiseLike<{ data: unknown; error: { message: string } | null }>,
	lines: () => PromiseLike<{ data: CommissionRow[] | null; error: { message: string } | null }>,
	payouts: () => PromiseLike<{ data: PayoutRow[] | null; error: { message: string } | null }>,
): Promise<AffiliateView> {
	const { data, error } = await overviewRead;
	if (error) throw new Error(`affiliate_overview: ${error.message}`);
	const overview = overviewSchema.parse(data);
	if (!overview)
		return {
			joined: false,
			tiers: policy.affiliate.tiers.map(({ percent, minCustomers }) => ({ percent, minCustomers })),
			holdDays: policy.affiliate.holdDays,
		};
	const [lineRows, payoutRows] = await Promise.all([lines(), payouts()]);
	if (lineRows.error) throw new Error(`commissions: ${lineRows.error.message}`);
	if (payoutRows.error) throw new Error(`payouts: ${payoutRows.error.message}`);
	return {
		joined: true,
		...overview,
		commissions: (lineRows.data ?? []).map((row) => ({
			invoiceMonth: row.invoice_month,
			customer: row.referral_label,
			amount: Number(row.amount),
			currency: row.currency,
			percent: row.percent,
			status: statusOf(row),
			availableAt: row.available_at,
		})),
		payouts: (payoutRows.data ?? []).map((row) => ({
			id: row.id,
			currency: row.currency,
			amount: Number(row.amount),
			status: payoutStatusSchema.parse(row.status),
			requestedAt: row.requested_at,
		})),
	};
}

interface CommissionRow {
	kind: string;
	amount: number;
	currency: string;
	percent: number;
	referral_label: number;
	invoice_month: string;
	available_at: string;
	cancelled_at: string | null;
	payout_id: string | null;
}

interface PayoutRow {
	id: string;
	currency: string;
	amount: number;
	status: string;
	requested_at: string;
}

/** The customer's own affiliate page: row-level security limits the rows to theirs. */
export function affiliatePage(client: CustomerClient): Promise<AffiliateView> {
	return affiliateView(
		client.rpc('affiliate_overview'),
		() =>
			client
				.from('commissions')
				.select(commissionColumns)
				.order('created_at', { ascending: false })
				.limit(200),
		() =>
			client
				.from('affiliate_payouts')
				.select(payoutColumns)
				.order('requested_at', { ascending: false })
				.limit(50),
	);
}

/**
 * One customer's affiliate page as they see it, read by staff with the service role (the staff
 * console's customer page): the same overview (staff_affiliate_overview computes it with the same
 * SQL as affiliate_overview) and that customer's rows only, filtered here by their id.
 */
export function affiliatePageOf(admin: AdminClient, customerId: string): Promise<AffiliateView> {
	return affiliateView(
		admin.rpc('staff_affiliate_overview', { customer: customerId }),
		() =>
			admin
				.from('commissions')
				.select(commissionColumns)
				.eq('affiliate_id', customerId)
				.order('created_at', { ascending: false })
				.limit(200),
		() =>
			admin
				.from('affiliate_payouts')
				.select(payoutColumns)
				.eq('affiliate_id', customerId)
				.order('requested_at', { ascending: false })
				.limit(50),
	);
}
