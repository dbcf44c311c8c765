import { logger } from '../log/logger';
import type { PaymentGateway } from '../payments/types';
import type { AdminClient } from '../supabase/admin-client';

// Payment pages of invoices that can no longer be paid (cancelled, or paid through another page)
// are closed at the gateway, so the customer is not charged only to be refunded. Best effort: a
// payment that gets through anyway is given back (billing/payment-events/give-back.ts). An invoice remembers only the
// last page it was sent to (invoices.gateway_session_id).

export interface PageOwner {
	id: string;
	gateway: string | null;
	gateway_session_id: string | null;
}

export async function closePages(gateway: PaymentGateway, invoices: PageOwner[]): Promise<void> {
	for (const invoice of invoices) {
		if (!invoice.gateway_session_id || invoice.gateway !== gateway.name) continue;
		await gateway
			.closeCheckout(invoice.gateway_session_id)
			.catch((error: unknown) =>
				logger.error('payment page not closed', { invoiceId: invoice.id, error }),
			);
	}
}

/** After a payment: the invoice's last page, unless it is the one just paid (then a no-op). */
export async function closeLastPage(
	admin: AdminClient,
	gateway: PaymentGateway,
	invoiceId: string,
): Promise<void> {
	const { data } = await admin
		.from('invoices')
		.select('id, gateway, gateway_session_id')
		.eq('id', invoiceId)
		.maybeSingle();
	if (data) await closePages(gateway, [data]);
}
