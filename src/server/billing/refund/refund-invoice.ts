import { gatewayNameSchema } from '../../../lib/domain/gateway';
import { z } from 'zod';
import { getPaymentGateway } from '../../payments';
import type { PaymentGateway } from '../../payments/types';
import type { AdminClient } from '../../supabase/admin-client';

/** Why a refund is refused; each is raised by the database under the invoice's lock. */
export const refundRefusals = ['not_found', 'not_refundable', 'over_refund'] as const;
export type RefundRefusal = (typeof refundRefusals)[number];
const refusalSchema = z.enum(refundRefusals);

const claimSchema = z.object({
	invoice_id: z.uuid(),
	currency: z.string().length(3),
	gateway: gatewayNameSchema.nullable(),
	payment_reference: z.string().nullable(),
	credit_note_id: z.uuid().nullable(),
});

const noteSchema = z.object({
	credit_note_id: z.uuid(),
	number: z.string(),
	total: z.number().int(),
	currency: z.string().length(3),
	invoice_id: z.uuid(),
	user_id: z.uuid(),
});

export interface InvoiceRefund {
	creditNoteId: string;
	number: string;
	total: number;
	currency: string;
	invoiceId: string;
	userId: string;
}

export interface RefundAsk {
	invoiceId: string;
	/** Minor units; never more than was paid less what was refunded (the database refuses more). */
	amount: number;
	reason: string;
	/** One per intended refund: asked again, the gateway and the database answer the first. */
	requestKey: string;
	at: Date;
}

const refusal = (message: string) => refusalSchema.safeParse(message).data;

/**
 * Gives back (part of) a paid invoice through the gateway it was paid with, with a credit note in
 * the gapless series (private.record_invoice_refund, which the money-back guarantee's
 * record_money_back uses too). The amount is claimed under the invoice's lock before the gateway
 * is asked, so refunds at the same time never pass what was paid; a gateway refusal releases it.
 */
export async function refundInvoice(
	admin: AdminClient,
	ask: RefundAsk,
	gateway: PaymentGateway = getPaymentGateway(),
): Promise<InvoiceRefund | RefundRefusal> {
	const claimed = await admin.rpc('claim_invoice_refund', {
		invoice: ask.invoiceId,
		amount: ask.amount,
		reason: ask.reason,
		request_key: ask.requestKey,
	});
	if (claimed.error) {
		const refused = refusal(claimed.error.message);
		if (refused) return refused;
		throw new Error(`claim_invoice_refund: ${claimed.error.message}`);
	}
	const claim = claimSchema.parse(claimed.data);
	let refundId = '';
	if (!claim.credit_note_id) {
		if (!claim.payment_reference) return 'not_refundable';
		try {
			({ refundId } = await gateway.refund({
				paymentId: claim.payment_reference,
				amount: ask.amount,
				currency: claim.currency,
				invoiceId: claim.invoice_id,
				idempotencyKey: ask.requestKey,
			}));
		} catch (error) {
			await admin.rpc('release_invoice_refund', { request_key: ask.requestKey });
			throw error;
		}
	}
	const done = await admin.rpc('complete_invoice_refund', {
		request_key: ask.requestKey,
		refund_reference: refundId,
		at: ask.at.toISOString(),
	});
	if (done.error) throw new Error(`complete_invoice_refund: ${done.error.message}`);
	const note = noteSchema.parse(done.data);
	return {
		creditNoteId: note.credit_note_id,
		number: note.number,
		total: note.total,
		currency: note.currency,
		invoiceId: note.invoice_id,
		userId: note.user_id,
	};
}
