import { isOpenInvoice } from '../../../lib/domain/invoice-status';
import { z } from 'zod';
import type { User } from '@supabase/supabase-js';
import { isUuid } from '../../../lib/uuid';
import { closePages } from '../../payment-pages/close-pages';
import { getPaymentGateway } from '../../payments';
import type { PaymentGateway } from '../../payments/types';
import { logger } from '../../log/logger';
import { syncSubdomain } from '../../subdomains/subdomain';
import type { AdminClient } from '../../supabase/admin-client';
import { deleteLateServer } from './late-server';
import { moneyBackDays, moneyBackKey, moneyBackStanding } from './money-back-window';
import { onHost } from '../host-steps';

/** Why a money-back refund is refused; each is raised by `record_money_back` too. */
export const moneyBackRefusals = ['not_found', 'not_refundable', 'window_closed'] as const;
export type MoneyBackRefusal = (typeof moneyBackRefusals)[number];
/** Reads a refusal out of the database's error message (anything else is a real failure). */
const moneyBackRefusalSchema = z.enum(moneyBackRefusals);

/** What `record_money_back` answers (jsonb): the credit note, made now or before. */
const creditNoteSchema = z.object({ credit_note_id: z.string(), number: z.string() });

export interface MoneyBack {
	creditNoteId: string;
	number: string;
	total: number;
	currency: string;
}

/**
 * The money-back guarantee: inside the window (7 days, VPS 14, from the first payment) the first
 * invoice is refunded through the gateway, the server is deleted on the game panel (a VPS's machine destroyed), and a credit
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
			'id, status, product_type, panel_server_id, panel_identifier, invoices(id, kind, status, total, currency, paid_at, gateway, gateway_session_id, transactions(kind, gateway, gateway_reference, status, applied), credit_notes(request_key))',
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
			first: first && {
				status: first.status,
				paidAt: first.paid_at,
				paid: Boolean(payment),
				refundedInPart: first.credit_notes.some((n) => n.request_key !== moneyBackKey(first.id)),
			},
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
	if (!refunded) await onHost(admin, 'terminated', s);
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
	if (error) {
		const refusal = moneyBackRefusalSchema.safeParse(error.message);
		if (refusal.success) return refusal.data;
		throw new Error(`record_money_back: ${error.message}`);
	}
	const note = creditNoteSchema.parse(data);
	await deleteLateServer(admin, s, refunded);
	await syncSubdomain(admin, s.id).catch((failure: unknown) =>
		logger.error('subdomain not removed', { serviceId: s.id, error: failure }),
	);
	// The open invoices are cancelled now: their payment pages, if still open, take nothing more.
	const open = s.invoices.filter((i) => isOpenInvoice(i.status));
	await closePages(gateway, open);
	return {
		creditNoteId: note.credit_note_id,
		number: note.number,
		total: first.total,
		currency: first.currency,
	};
}
