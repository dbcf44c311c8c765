import { giveBack, unpayableSchema } from '../../billing/payment-events/give-back';
import { refundInvoice } from '../../billing/refund/refund-invoice';
import type { PaymentGateway } from '../../payments/types';
import type { AdminClient } from '../../supabase/admin-client';
import { mailRefund } from './refund-mail';
import type { FlaggedPayment } from './review';

// The two ways staff refund a payment flagged for review (review-actions.ts), each through the
// path the rest of the site uses: give-back for a payment that paid nothing, the invoice refund
// (with its credit note) for a paid invoice. Each answers null, or why it was refused.

export interface Flagged {
	id: string;
	number: string;
	total: number;
	currency: string;
	review_reason: string;
}

/** Refunds the unmatched payment in full the way it came (give-back: the customer is mailed). */
export async function giveBackFlagged(
	admin: AdminClient,
	gateway: PaymentGateway,
	invoice: Flagged,
	payment: FlaggedPayment,
	origin: string,
) {
	const { data, error } = await admin.rpc('record_review_refund', {
		invoice: invoice.id,
		...payment,
	});
	if (error) return error.message;
	await giveBack(admin, gateway, unpayableSchema.parse(data), payment.reference, origin);
	return null;
}

/** Refunds a paid invoice flagged to be refunded, with a credit note; the customer is mailed. */
export async function refundFlagged(
	admin: AdminClient,
	gateway: PaymentGateway,
	invoice: Flagged,
	origin: string,
) {
	const refund = await refundInvoice(
		admin,
		{
			invoiceId: invoice.id,
			amount: invoice.total,
			reason: invoice.review_reason,
			requestKey: `review-${invoice.id}`,
			at: new Date(),
		},
		gateway,
	);
	if (typeof refund === 'string') return refund;
	await mailRefund(admin, { ...refund, invoiceNumber: invoice.number }, origin);
	return null;
}
