import { isUuid } from '../../lib/uuid';
import type { PaymentEvent } from '../payments/types';
import type { AdminClient } from '../supabase/admin-client';
import { logger } from '../log/logger';

/**
 * A card saved on the gateway's setup page, from its verified webhook: the event taken once, the
 * card stored for renewals (the first one becomes the default), and the gateway's customer
 * remembered on the profile when it is new. One transaction, so a failure is retried whole.
 */
export async function recordSavedCard(
	admin: AdminClient,
	event: Extract<PaymentEvent, { kind: 'card_saved' }>,
): Promise<void> {
	// Our sessions carry a profile id; anything else on the account is not ours to save.
	if (!isUuid(event.profileId))
		return logger.error('card saved for no profile of ours', { gateway: event.gateway });
	const card = event.savedMethod;
	const { data, error } = await admin.rpc('record_saved_card', {
		event_id: event.eventId,
		gateway: event.gateway,
		owner: event.profileId,
		reference: card.gatewayMethodId,
		// Empty: the database names the card by its details instead.
		fingerprint: card.fingerprint ?? '',
		brand: card.brand,
		last4: card.last4,
		exp_month: card.expMonth,
		exp_year: card.expYear,
		gateway_customer: event.gatewayCustomerId ?? '',
	});
	// Thrown, so the webhook answers 500 and the gateway delivers it again.
	if (error) throw new Error(`record_saved_card: ${error.message}`);
	// Delivered for a profile that is gone (deleted since): nothing to keep, nothing to retry.
	if (data === 'unknown_owner')
		logger.error('card saved for an unknown profile: dropped', { gateway: event.gateway });
}
