import { gatewayNameSchema } from '../../../lib/domain/gateway';
import { z } from 'zod';

/**
 * What a flag for review says about the payment behind it. settle_invoice writes
 * "Paid <amount> <currency> through <gateway> (<payment id>) for an invoice of <total> <currency>"
 * when a payment did not match its invoice: that payment was not recorded anywhere else. The
 * pause flags ("… refund it") are on invoices that were paid as they should: their payment is a
 * transaction of the invoice. A bundle's flag names no payment of the invoice: null.
 */
const mismatch =
	/^Paid (\d+) ([A-Z]{3}) through (stripe|test) \((.+)\) for an invoice of (\d+) ([A-Z]{3})$/;

const flaggedPaymentSchema = z.object({
	amount: z.coerce.number().int().min(0),
	currency: z.string().length(3),
	gateway: gatewayNameSchema,
	reference: z.string().min(1),
});
export type FlaggedPayment = z.infer<typeof flaggedPaymentSchema>;

export type ReviewedPayment =
	| { kind: 'unmatched'; payment: FlaggedPayment }
	| { kind: 'paid_invoice' }
	| { kind: 'unreadable' };

export function reviewedPayment(reason: string, invoiceStatus: string): ReviewedPayment {
	const found = mismatch.exec(reason);
	if (found) {
		const [, amount, currency, gateway, reference] = found;
		const payment = flaggedPaymentSchema.safeParse({ amount, currency, gateway, reference });
		if (payment.success) return { kind: 'unmatched', payment: payment.data };
	}
	if (invoiceStatus === 'paid' && /refund it$/.test(reason)) return { kind: 'paid_invoice' };
	return { kind: 'unreadable' };
}
