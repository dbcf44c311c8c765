import { logger } from '../../log/logger';
import { recordSavedCard } from '../../payment-methods/saved-card';
import { getPaymentGateway } from '../../payments';
import type { PaymentEvent, PaymentGateway } from '../../payments/types';
import { adminClient } from '../../supabase/admin-client';
import { recordFailure } from './failed';
import { recordRefund } from './refunded';
import { settlePayment } from './paid';

/**
 * What a verified payment event does, whichever gateway sent it (Stripe, the test gateway, or a
 * 100 % code): the only way an order is ever fulfilled. Each event takes effect once; an amount
 * or currency that does not match the invoice is flagged and fulfils nothing, and a payment for an
 * invoice that is not payable is given back through `gateway` (give-back.ts). A card saved without
 * a payment (the panel's "Add card") is stored the same way, once.
 */
export async function handlePaymentEvent(
	event: PaymentEvent,
	origin: string,
	/** The gateway the event came from: a payment given back goes back the way it came. */
	gateway: PaymentGateway = getPaymentGateway(),
): Promise<void> {
	const admin = adminClient();
	if (!admin) throw new Error('SUPABASE_SERVICE_ROLE_KEY is not configured');
	logger.info('payment event', {
		kind: event.kind,
		gateway: 'gateway' in event ? event.gateway : undefined,
		eventId: 'eventId' in event ? event.eventId : undefined,
		invoiceId: 'invoiceId' in event ? event.invoiceId : undefined,
	});
	switch (event.kind) {
		case 'paid':
			return settlePayment(admin, gateway, event, origin);
		case 'failed':
			return recordFailure(admin, event);
		case 'refunded':
			return recordRefund(admin, event);
		case 'card_saved':
			return recordSavedCard(admin, event);
		case 'ignored':
			return;
	}
}
