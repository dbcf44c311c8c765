import type { User } from '@supabase/supabase-js';
import { isUuid } from '../../../lib/uuid';
import { closePages } from '../../checkout/close-pages';
import { getPaymentGateway } from '../../payments';
import type { PaymentGateway } from '../../payments/types';
import { logger } from '../../log/logger';
import { syncSubdomain } from '../../servers/subdomain';
import type { AdminClient } from '../../supabase/admin-client';
import { deleteLateServer } from './late-server';
import { moneyBackDays, moneyBackStanding } from './money-back-window';
import { onPanel } from '../panel-steps';

export type MoneyBackRefusal = 'not_found' | 'not_refundable' | 'window_closed';

export interface MoneyBack {
	creditNoteId: string;
	number: string;
	total: number;
	currency: string;
}

/**
 * The money-back guarantee: inside the window (7 days, VPS 14, from the first payment) the first
 * invoice is refunded through the gateway, the server is deleted on the game panel, and a credit
 * note records it. Each outside step is idempotent (one refund key per invoice), so a request that
 * failed halfway can simply be made again; the database writes the rest once.
 */
export async function requestMoneyBack(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	reason: string,
	now: Date,
	gateway: PaymentGateway = getPaymentGateway(),
): Promise<MoneyBack | MoneyBackRefusal> {
	if (!isUuid(serviceId)) return 'not_found';
	const { data: s } = await admin
		.from('services')
		.select(
			'id, status, product_type, panel_server_id, panel_identifier, invoices(id, kind, status, total, currency, paid_at, gateway, gateway_session_id, transactions(kind, gateway, gateway_reference, status, applied))',
		)
		.eq('id', serviceId)
		.eq('user_id', customer.id)
		.maybeSingle();
	if (!s) return 'not_found';
	const first = s.invoices.find((invoice) => invoice.kind === 'new');
	// The payment that paid it: one that came after (a second tab) was given back already.
	const payment = first?.transactions.find(
		(t) => t.kind === 'payment' && t.status === 'succeeded' && t.applied,
	);
	const windowDays = moneyBackDays(s.product_type);
	const standing = moneyBackStanding(
		{
			serviceStatus: s.status,
			productType: s.product_type,
			first: first && { status: first.status, paidAt: first.paid_at, paid: Boolean(payment) },
		},
		now,
	);
	if (!first || !payment) return 'not_refundable';
	if (standing === 'not_refundable' || standing === 'window_closed') return standing;
	const refunded = standing === 'refunded';
	// Refunded already (a request asked again): the database answers with its credit note.
	const refundId = refunded
		? ''
		: (
				await gateway.refund({
					paymentId: payment.gateway_reference,
					amount: first.total,
					currency: first.currency,
					invoiceId: first.id,
					idempotencyKey: `money-back-${first.id}`,
				})
			).refundId;
	if (!refunded) await onPanel('terminated', s);
	const { data, error } = await admin.rpc('record_money_back', {
		customer: customer.id,
		service: s.id,
		at: now.toISOString(),
		window_days: windowDays,
		reason,
		gateway: payment.gateway,
		refund_reference: refundId,
		payment_reference: payment.gateway_reference,
	});
	const refusal = error?.message as MoneyBackRefusal | undefined;
	if (refusal && ['not_found', 'not_refundable', 'window_closed'].includes(refusal)) return refusal;
	if (error) throw new Error(`record_money_back: ${error.message}`);
	await deleteLateServer(admin, s, refunded);
	await syncSubdomain(admin, s.id).catch((failure: unknown) =>
		logger.error('subdomain not removed', { serviceId: s.id, error: failure }),
	);
	const note = data as { credit_note_id: string; number: string };
	// The open invoices are cancelled now: their payment pages, if still open, take nothing more.
	const open = s.invoices.filter((i) => ['unpaid', 'overdue'].includes(i.status));
	await closePages(gateway, open);
	return {
		creditNoteId: note.credit_note_id,
		number: note.number,
		total: first.total,
		currency: first.currency,
	};
}
