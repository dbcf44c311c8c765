import type { PaymentEvent } from '../../payments/types';
import type { AdminClient } from '../../supabase/admin-client';

/**
 * A refund the gateway reports (its refunded total so far), recorded once per event. A refund of
 * a payment we gave back ourselves (give-back.ts) leaves the invoice as it is: record_refund
 * answers `given_back`.
 */
export async function recordRefund(
	admin: AdminClient,
	event: Extract<PaymentEvent, { kind: 'refunded' }>,
): Promise<void> {
	const { error } = await admin.rpc('record_refund', {
		event_id: event.eventId,
		gateway: event.gateway,
		invoice: event.invoiceId,
		amount: event.amount,
		currency: event.currency,
		reference: event.paymentId,
	});
	if (error) throw new Error(`record_refund: ${error.message}`);
}
