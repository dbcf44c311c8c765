import { z } from 'zod';

/** What GET /api/panel/affiliate answers: the panel's affiliate page, shared by server and island. */
export interface AffiliateBalance {
	currency: string;
	/** Minor units, inside the hold. */
	pending: number;
	/** Minor units, past the hold and not yet asked for. */
	available: number;
	paidOut: number;
	minimumPayout: number;
}

export interface AffiliateCommission {
	/** First day of the invoice's month, YYYY-MM-DD. */
	invoiceMonth: string;
	/** The referred customer's number for this affiliate: never who they are. */
	customer: number;
	amount: number;
	currency: string;
	percent: number;
	status: 'pending' | 'available' | 'paid_out' | 'cancelled' | 'reversal';
	availableAt: string;
}

/** Where a payout stands; `affiliate_payouts.status` allows the same. */
export const payoutStatuses = ['requested', 'paid', 'rejected'] as const;
export type PayoutStatus = (typeof payoutStatuses)[number];
// Pure: browser code that needs only the list or the type leaves zod out of its bundle.
export const payoutStatusSchema = /* @__PURE__ */ z.enum(payoutStatuses);

export interface AffiliatePayout {
	id: string;
	currency: string;
	amount: number;
	status: PayoutStatus;
	requestedAt: string;
}

export interface AffiliateTier {
	percent: number;
	minCustomers: number;
}

export type AffiliateView =
	| { joined: false; tiers: AffiliateTier[]; holdDays: number }
	| {
			joined: true;
			code: string;
			/** When they joined (ISO); the staff console shows it. */
			joinedAt: string;
			visits: number;
			signUps: number;
			payingCustomers: number;
			tiers: AffiliateTier[];
			holdDays: number;
			balances: AffiliateBalance[];
			commissions: AffiliateCommission[];
			payouts: AffiliatePayout[];
	  };

/** The tier a number of paying referred customers earns, and the next one with what it needs. */
export function tierStanding(tiers: AffiliateTier[], paying: number) {
	const sorted = [...tiers].sort((a, b) => a.minCustomers - b.minCustomers);
	const current = sorted.filter((t) => t.minCustomers <= Math.max(paying, 1)).at(-1) ?? sorted[0];
	const next = sorted.find((t) => t.minCustomers > paying && t !== current);
	return { current, next, needed: next ? next.minCustomers - paying : 0 };
}
