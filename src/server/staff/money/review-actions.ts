import { z } from 'zod';
import { giveBack, unpayableSchema } from '../../payment-events/give-back';
import { settlePayment } from '../../payment-events/paid';
import { refundInvoice } from '../../billing/refund/refund-invoice';
import { getPaymentGateway } from '../../payments';
import type { PaymentGateway } from '../../payments/types';
import { isUuid } from '../../../lib/uuid';
import type { StaffOutcome, StaffRequest } from '../write';
import { refused } from './actions';
import { mailRefund } from './refund-mail';
import { reviewedPayment } from './review';

export const reviewBodySchema = z.object({
	requestId: z.uuid(),
	outcome: z.enum(['accept', 'refund']),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

/**
 * POST /api/staff/reviews/{invoiceId}: a payment flagged for review, settled once. Accept fulfils
 * it as if it had matched, through the payment event handler's own settlePayment (the invoice paid,
 * the order carried on); refund gives it back through the gateway it came by (give-back, the
 * customer mailed), or, for a paid invoice flagged to be refunded, refunds the invoice with a credit
 * note. Either clears the flag.
 */
export async function settleReview(
	{ admin, body, locale, origin }: StaffRequest<ReviewBody>,
	invoiceId: string,
	gateway: PaymentGateway = getPaymentGateway(),
): Promise<StaffOutcome> {
	const notFlagged = () => refused(404, 'not_flagged', 'staff.money.error.notFlagged', locale);
	if (!isUuid(invoiceId)) return notFlagged();
	const { data: invoice } = await admin
		.from('invoices')
		.select('id, number, user_id, status, total, currency, review_reason')
		.eq('id', invoiceId)
		.maybeSingle();
	if (!invoice?.review_reason) return notFlagged();
	const flagged = reviewedPayment(invoice.review_reason, invoice.status);
	if (flagged.kind === 'unreadable')
		return refused(409, 'unreadable', 'staff.money.error.unreadable', locale);
	const payment = flagged.kind === 'unmatched' ? flagged.payment : null;

	if (body.outcome === 'accept' && payment)
		// The same settlement a matching payment gets; its event id is the review's, so twice is once.
		await settlePayment(
			admin,
			gateway,
			{
				kind: 'paid',
				eventId: `review-${invoice.id}`,
				gateway: payment.gateway,
				invoiceId: invoice.id,
				amount: invoice.total,
				currency: invoice.currency,
				paymentId: payment.reference,
				method: 'card',
			},
			origin,
		);
	if (body.outcome === 'refund' && !payment) {
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
		if (typeof refund === 'string')
			return refused(409, refund, 'staff.money.error.notRefundable', locale);
		await mailRefund(admin, { ...refund, invoiceNumber: invoice.number }, origin);
	}
	const { data, error } = await admin.rpc('settle_payment_review', {
		invoice: invoice.id,
		outcome: body.outcome,
		gateway: payment?.gateway ?? '',
		reference: payment?.reference ?? '',
		amount: payment?.amount ?? 0,
		currency: payment?.currency ?? '',
	});
	if (error) {
		if (error.message === 'not_flagged') return notFlagged();
		throw new Error(`settle_payment_review: ${error.message}`);
	}
	const owed = unpayableSchema.safeParse(data);
	if (body.outcome === 'refund' && payment && owed.success)
		await giveBack(admin, gateway, owed.data, payment.reference, origin);
	const { data: after } = await admin
		.from('invoices')
		.select('status')
		.eq('id', invoice.id)
		.single();
	return {
		status: 200,
		body: { outcome: body.outcome, status: after?.status ?? null },
		audit: {
			action: body.outcome === 'accept' ? 'review_accepted' : 'review_refunded',
			customerId: invoice.user_id,
			subject: `invoice:${invoice.id}`,
			before: { status: invoice.status, reviewReason: invoice.review_reason },
			after: { status: after?.status ?? null, reviewReason: null },
		},
	};
}
