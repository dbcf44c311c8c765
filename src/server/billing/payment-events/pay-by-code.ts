import type { PaymentMethodKind } from '../../../lib/domain/payment-method';
import { handlePaymentEvent } from './handle';

/**
 * Settles an invoice whose total is zero (a 100 % code at checkout, an upgrade that costs nothing)
 * as a payment by the code itself: the same path a gateway's webhook takes, keyed on the invoice so
 * a repeat is the same event and takes effect once.
 */
export function payByCode(
	invoice: { id: string; currency: string },
	method: PaymentMethodKind,
	origin: string,
): Promise<void> {
	return handlePaymentEvent(
		{
			kind: 'paid',
			eventId: `code-${invoice.id}`,
			gateway: 'code',
			invoiceId: invoice.id,
			amount: 0,
			currency: invoice.currency,
			paymentId: `code-${invoice.id}`,
			method,
		},
		origin,
	);
}
