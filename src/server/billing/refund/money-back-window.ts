import { MONEY_BACK_DAYS } from '../../../lib/billing';

// The money-back rule in one place, for the refund itself (money-back.ts) and for the panel that
// offers it (money-back-offer.ts): so the panel offers it exactly while the refund would be made.

const DAY_MS = 86_400_000;

/** The guarantee's one credit note per invoice (`record_money_back` names it the same). */
export const moneyBackKey = (invoiceId: string) => `money-back-${invoiceId}`;

export const moneyBackDays = (productType: string) =>
	MONEY_BACK_DAYS[productType === 'vps' ? 'vps' : 'game'];

/** The last moment the guarantee covers: the window's days after the first payment. */
export const moneyBackDeadline = (paidAt: string, productType: string) =>
	new Date(new Date(paidAt).getTime() + moneyBackDays(productType) * DAY_MS);

export interface MoneyBackFacts {
	serviceStatus: string;
	productType: string;
	/**
	 * The first ('new') invoice, with whether a succeeded payment was applied to it and whether
	 * staff refunded part of it already (a credit note of theirs): then the guarantee's refund of
	 * all of it no longer applies.
	 */
	first:
		{ status: string; paidAt: string | null; paid: boolean; refundedInPart?: boolean } | undefined;
}

/** Whether the guarantee would refund now: 'open', or why not (the refund's own refusals). */
export function moneyBackStanding(
	facts: MoneyBackFacts,
	now: Date,
): 'open' | 'refunded' | 'not_refundable' | 'window_closed' {
	const { first } = facts;
	if (!first?.paid) return 'not_refundable';
	if (first.status === 'refunded') return 'refunded';
	if (
		first.status !== 'paid' ||
		first.refundedInPart ||
		!first.paidAt ||
		!['provisioning', 'active', 'suspended'].includes(facts.serviceStatus)
	)
		return 'not_refundable';
	if (now > moneyBackDeadline(first.paidAt, facts.productType)) return 'window_closed';
	return 'open';
}
