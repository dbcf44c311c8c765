import { z } from 'zod';
import { orderCancelReasonSchema } from '../../../lib/domain/order-cancel-reason';
import { logger } from '../../log/logger';
import type { PaymentGateway } from '../../payments/types';
import type { AdminClient } from '../../supabase/admin-client';
import { sendPaymentGivenBack, sendVpsSoldOut } from '../../provisioning/mails';

// A payment that arrived for an invoice that was not payable (cancelled by a money-back refund,
// refunded, or already paid by another payment), or for a VPS order that found no address left in
// the pool at payment: settle_invoice kept it apart, unapplied, and owes it back in full. Here the
// money goes back through the gateway it came by, the refund is confirmed and the customer told,
// once; an order the pool could not serve also alerts the operators.

/** settle_invoice's answer for such a payment (private.unpayable_outcome). */
export const unpayableSchema = z.object({
	outcome: z.literal('unpayable'),
	invoice_id: z.uuid(),
	user_id: z.uuid(),
	number: z.string(),
	status: z.string(),
	/** Our record of the payment (for a bundle, `<payment id>:<invoice id>`). */
	reference: z.string().min(1),
	amount: z.number().int().positive(),
	currency: z.string().length(3),
	/** False once the gateway has taken the refund: nothing left to do. */
	refund_owed: z.boolean(),
	/** Why its order was cancelled at payment (`no_vps_address`); null when it was not. */
	reason: orderCancelReasonSchema.nullish(),
	order_id: z.uuid().nullish(),
	service_id: z.uuid().nullish(),
});

export type Unpayable = z.infer<typeof unpayableSchema>;

/** The operators' alert: a paid VPS order refunded because the pool had no address left. */
export function alertSoldOut(fields: {
	invoiceId: string;
	serviceId: string | null | undefined;
	paymentId?: string;
}): void {
	logger.error('VPS paid with no address left in the pool: refunded', {
		...fields,
		action: 'add addresses: npm run vps:addresses -- --add …',
	});
}

/**
 * Refunds `owed` in full at `gateway`: `paymentId` is the gateway's id of the payment (for a bundle,
 * the one payment all its invoices came in). Rejects when the gateway refuses, so the webhook is
 * delivered again and the refund, keyed on the payment, asked for again.
 */
export async function giveBack(
	admin: AdminClient,
	gateway: PaymentGateway,
	owed: Unpayable,
	paymentId: string,
	origin: string,
): Promise<void> {
	logger.warn('payment for an invoice that is not payable: refunding it in full', {
		gateway: gateway.name,
		invoiceId: owed.invoice_id,
		invoiceStatus: owed.status,
		reason: owed.reason ?? undefined,
		paymentId,
	});
	if (!owed.refund_owed) return;
	if (owed.reason === 'no_vps_address')
		alertSoldOut({ invoiceId: owed.invoice_id, serviceId: owed.service_id, paymentId });
	const { refundId } = await gateway.refund({
		paymentId,
		amount: owed.amount,
		currency: owed.currency,
		invoiceId: owed.invoice_id,
		// One per payment: asked again after a failure, the gateway answers with the same refund.
		idempotencyKey: `unpayable-${owed.reference}`,
	});
	const { data: first, error } = await admin.rpc('confirm_unpayable_refund', {
		reference: owed.reference,
	});
	if (error) throw new Error(`confirm_unpayable_refund: ${error.message}`);
	logger.info('unpayable payment refunded', { invoiceId: owed.invoice_id, refundId });
	if (first === true) await tell(admin, owed, origin);
}

async function tell(admin: AdminClient, owed: Unpayable, origin: string): Promise<void> {
	const { data: user } = await admin.auth.admin.getUserById(owed.user_id);
	const { data: profile } = await admin
		.from('profiles')
		.select('preferred_locale')
		.eq('id', owed.user_id)
		.maybeSingle();
	const to = user.user?.email;
	if (!to)
		return logger.error('refunded payment: customer has no e-mail', { userId: owed.user_id });
	const payment = { number: owed.number, amount: owed.amount, currency: owed.currency };
	const locale = profile?.preferred_locale;
	if (owed.reason === 'no_vps_address' && owed.order_id)
		await sendVpsSoldOut(origin, to, locale, { ...payment, orderId: owed.order_id });
	else await sendPaymentGivenBack(origin, to, locale, payment);
}
