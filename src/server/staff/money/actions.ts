import { z } from 'zod';
import { useTranslations, type Locale, type UiKey } from '../../../i18n';
import type { Json } from '../../../lib/database.types';
import { parseMajorAmount } from '../../../lib/money';
import { isUuid } from '../../../lib/uuid';
import { refundInvoice, type RefundRefusal } from '../../billing/refund/refund-invoice';
import { getPaymentGateway } from '../../payments';
import type { PaymentGateway } from '../../payments/types';
import type { StaffOutcome, StaffRequest } from '../write';
import { mailRefund } from './refund-mail';

/** A refund as staff type it: the amount in the currency's major unit, and why. */
export const refundBodySchema = z.object({
	requestId: z.uuid(),
	amount: z.string().max(20),
	reason: z.string().trim().min(1).max(2000),
});
export type RefundBody = z.infer<typeof refundBodySchema>;

/** A refusal: a clear message in the caller's language, nothing changed, no audit entry. */
export function refused(status: number, code: string, key: UiKey, locale: Locale): StaffOutcome {
	return { status, body: { error: { code, message: useTranslations(locale)(key) } } };
}

const refusalKeys: Record<RefundRefusal, [number, UiKey]> = {
	not_found: [404, 'staff.money.error.notFound'],
	not_refundable: [409, 'staff.money.error.notRefundable'],
	over_refund: [409, 'staff.money.error.overRefund'],
};

/**
 * POST /api/staff/invoices/{id}/refunds: (part of) a paid invoice back through its gateway, by the
 * same refundInvoice the money-back guarantee's credit notes are written by; the customer mailed.
 */
export async function staffRefund(
	{ admin, body, locale, origin }: StaffRequest<RefundBody>,
	invoiceId: string,
	gateway: PaymentGateway = getPaymentGateway(),
): Promise<StaffOutcome> {
	if (!isUuid(invoiceId)) return refused(404, 'not_found', 'staff.money.error.notFound', locale);
	const amount = parseMajorAmount(body.amount);
	if (amount === null || amount <= 0)
		return refused(400, 'invalid_amount', 'staff.money.error.amount', locale);
	const { data: before } = await admin
		.from('invoices')
		.select('number, status, user_id')
		.eq('id', invoiceId)
		.maybeSingle();
	if (!before) return refused(404, 'not_found', 'staff.money.error.notFound', locale);
	const refund = await refundInvoice(
		admin,
		{
			invoiceId,
			amount,
			reason: body.reason,
			requestKey: `staff-refund-${body.requestId}`,
			at: new Date(),
		},
		gateway,
	);
	if (typeof refund === 'string') {
		const [status, key] = refusalKeys[refund];
		return refused(status, refund, key, locale);
	}
	const { data: after } = await admin
		.from('invoices')
		.select('status')
		.eq('id', invoiceId)
		.single();
	const mailed = await mailRefund(admin, { ...refund, invoiceNumber: before.number }, origin);
	const creditNote: Json = {
		id: refund.creditNoteId,
		number: refund.number,
		total: refund.total,
		currency: refund.currency,
	};
	return {
		status: 201,
		body: { creditNote, mailed },
		audit: {
			action: 'invoice_refunded',
			customerId: before.user_id,
			subject: `invoice:${invoiceId}`,
			before: { status: before.status },
			after: { status: after?.status ?? null, reason: body.reason, creditNote },
		},
	};
}
