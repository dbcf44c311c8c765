import type { PaymentEvent } from '../../payments/types';
import type { AdminClient } from '../../supabase/admin-client';

/**
 * A declined or abandoned payment, kept once per event for the invoice's page and the mails after
 * it. The invoice stays payable: during Checkout a decline is one attempt, the page takes another.
 */
export async function recordFailure(
	admin: AdminClient,
	event: Extract<PaymentEvent, { kind: 'failed' }>,
): Promise<void> {
	const { error } = await admin.rpc('record_payment_failure', {
		event_id: event.eventId,
		gateway: event.gateway,
		invoice: event.invoiceId,
		reason: event.reason,
	});
	if (error) throw new Error(`record_payment_failure: ${error.message}`);
}
