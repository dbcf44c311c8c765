import type { MoneyBackOffer } from '../../../lib/panel/types';
import { isUuid } from '../../../lib/uuid';
import type { CustomerClient } from '../../supabase/customer-client';
import { moneyBackDeadline, moneyBackKey, moneyBackStanding } from './money-back-window';

/**
 * Whether the panel offers the money-back guarantee on a server now, read as the customer: the
 * amount the refund would give back (the first invoice's total, in minor units) and the last
 * moment it can be asked for. Null once the window has closed or the server is not covered, by
 * the same rule POST /api/services/{id}/refund applies.
 */
export async function moneyBackOffer(
	client: CustomerClient,
	userId: string,
	serviceId: string,
	now: Date,
): Promise<MoneyBackOffer | null> {
	if (!isUuid(serviceId)) return null;
	const { data: s, error } = await client
		.from('services')
		.select(
			'status, product_type, invoices(id, kind, status, total, currency, paid_at, transactions(kind, status, applied), credit_notes(request_key))',
		)
		.eq('id', serviceId)
		.eq('user_id', userId)
		.maybeSingle();
	if (error) throw new Error(`money-back of ${serviceId}: ${error.message}`);
	const first = s?.invoices.find((invoice) => invoice.kind === 'new');
	if (!s || !first?.paid_at) return null;
	const paid = first.transactions.some(
		(t) => t.kind === 'payment' && t.status === 'succeeded' && t.applied,
	);
	const refundedInPart = first.credit_notes.some((n) => n.request_key !== moneyBackKey(first.id));
	const facts = { status: first.status, paidAt: first.paid_at, paid, refundedInPart };
	const standing = moneyBackStanding(
		{ serviceStatus: s.status, productType: s.product_type, first: facts },
		now,
	);
	if (standing !== 'open') return null;
	return {
		amount: first.total,
		currency: first.currency,
		deadline: moneyBackDeadline(first.paid_at, s.product_type).toISOString(),
	};
}
