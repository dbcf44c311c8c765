import { z } from 'zod';
import { settlePayment } from '../../billing/payment-events/paid';
import { getPaymentGateway } from '../../payments';
import type { PaymentGateway } from '../../payments/types';
import { isUuid } from '../../../lib/uuid';
import type { StaffOutcome, StaffRequest } from '../write';
import { refused } from './actions';
import { reviewedPayment } from './review';
import { giveBackFlagged, refundFlagged } from './review-refunds';

export const reviewBodySchema = z.object({
	requestId: z.uuid(),
	outcome: z.enum(['accept', 'refund']),
});
export type ReviewBody = z.infer<typeof reviewBodySchema>;

/**
 * POST /api/staff/reviews/{invoiceId}: a payment flagged for review, settled once. Accept fulfils
 * it as if it had matched, through the payment event handler's own settlePayment (the invoice
 * paid, the order carried on; its event id is the review's, so twice is once); refund gives it back
 * through give-back, or refunds a paid invoice flagged to be refunded with a credit note. Only
 * then is the flag cleared, so a step that failed can be asked again.
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
	const flagged = { ...invoice, review_reason: invoice.review_reason };
	const read = reviewedPayment(invoice.review_reason, invoice.status);
	if (read.kind === 'unreadable')
		return refused(409, 'unreadable', 'staff.money.error.unreadable', locale);
	const payment = read.kind === 'unmatched' ? read.payment : null;

	let failed: string | null = null;
	if (body.outcome === 'accept' && payment)
		await settlePayment(
			admin,
			gateway,
			{
				...{ kind: 'paid', eventId: `review-${invoice.id}`, gateway: payment.gateway },
				...{ invoiceId: invoice.id, amount: invoice.total, currency: invoice.currency },
				...{ paymentId: payment.reference, method: 'card' },
			},
			origin,
		);
	if (body.outcome === 'refund')
		failed = payment
			? await giveBackFlagged(admin, gateway, flagged, payment, origin)
			: await refundFlagged(admin, gateway, flagged, origin);
	if (failed === 'not_flagged') return notFlagged();
	if (failed) return refused(409, failed, 'staff.money.error.notRefundable', locale);
	const cleared = await admin.rpc('clear_payment_review', { invoice: invoice.id });
	if (cleared.error?.message === 'not_flagged') return notFlagged();
	if (cleared.error) throw new Error(`clear_payment_review: ${cleared.error.message}`);
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
