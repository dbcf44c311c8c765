import { z } from 'zod';
import { useTranslations, type Locale, type UiKey } from '../../../i18n';
import type { Json } from '../../../lib/database.types';
import { currencySchema } from '../../../lib/domain/currency';
import { parseMajorAmount } from '../../../lib/money';
import { needsSecondApproval } from '../../../lib/staff/money-limits';
import { isUuid } from '../../../lib/uuid';
import { refundInvoice, type RefundRefusal } from '../../billing/refund/refund-invoice';
import { getPaymentGateway } from '../../payments';
import type { PaymentGateway } from '../../payments/types';
import type { AdminClient } from '../../supabase/admin-client';
import { askForApproval, type CarryOut } from '../approvals/ask';
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

const invoiceSchema = z.object({
	number: z.string(),
	status: z.string(),
	user_id: z.uuid(),
	currency: currencySchema,
});

async function invoiceOf(admin: AdminClient, invoiceId: string) {
	if (!isUuid(invoiceId)) return null;
	const { data, error } = await admin
		.from('invoices')
		.select('number, status, user_id, currency')
		.eq('id', invoiceId)
		.maybeSingle();
	if (error) throw new Error(`invoices: ${error.message}`);
	return data ? invoiceSchema.parse(data) : null;
}

/**
 * POST /api/staff/invoices/{id}/refunds: (part of) a paid invoice back through its gateway. At or
 * under the policy's approval limit it is refunded now (refundForStaff); above it, after checking
 * that much is left to refund, it waits for a second member of staff (202).
 */
export async function staffRefund(
	request: StaffRequest<RefundBody>,
	invoiceId: string,
	gateway: PaymentGateway = getPaymentGateway(),
): Promise<StaffOutcome> {
	const { admin, body, locale } = request;
	const invoice = await invoiceOf(admin, invoiceId);
	if (!invoice) return refused(404, 'not_found', 'staff.money.error.notFound', locale);
	const amount = parseMajorAmount(body.amount);
	if (amount === null || amount <= 0)
		return refused(400, 'invalid_amount', 'staff.money.error.amount', locale);
	const write = { targetId: invoiceId, amount, reason: body.reason, requestId: body.requestId };
	if (!needsSecondApproval(amount, invoice.currency))
		return refundForStaff(request, write, gateway);
	const { data: left, error } = await admin.rpc('invoice_refundable', { invoice: invoiceId });
	if (error) throw new Error(`invoice_refundable: ${error.message}`);
	if (amount > z.number().int().parse(left))
		return refused(409, 'over_refund', 'staff.money.error.overRefund', locale);
	return askForApproval(request, {
		...write,
		kind: 'refund',
		customerId: invoice.user_id,
		currency: invoice.currency,
		subject: `invoice:${invoiceId}`,
	});
}

/**
 * The one staff refund, run by the direct path and by an approval: refundInvoice (which the
 * money-back guarantee's credit notes are written by too), named by the request that asked, then
 * the customer mailed.
 */
export const refundForStaff: CarryOut = async (
	{ admin, locale, origin },
	write,
	gateway = getPaymentGateway(),
) => {
	const { targetId: invoiceId, amount, reason, requestId } = write;
	const before = await invoiceOf(admin, invoiceId);
	if (!before) return refused(404, 'not_found', 'staff.money.error.notFound', locale);
	const refund = await refundInvoice(
		admin,
		{ invoiceId, amount, reason, requestKey: `staff-refund-${requestId}`, at: new Date() },
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
			after: { status: after?.status ?? null, reason, creditNote },
		},
	};
};
