import { useTranslations } from '../../i18n';
import { logger } from '../log/logger';
import { mailLocale } from '../mail/product-mail';
import type { AdminClient } from '../supabase/admin-client';
import { sendSetupDelayed } from './mails';
import { numberSetting } from '../config/variables';

/** Tries before a customer is told, with a ticket, that setting up needs a person. */
export const provisioningAttempts = 5;
const firstDelayMs = numberSetting('PROVISIONING_RETRY_MS', 500);

/** The wait before the next try: doubling from PROVISIONING_RETRY_MS, at least `hintedMs`. */
export const retryPause = (attempt: number, hintedMs = 0) =>
	new Promise((resolve) => setTimeout(resolve, Math.max(hintedMs, firstDelayMs * 2 ** attempt)));

/**
 * After the last try, for a game server and a VPS alike: the service keeps waiting with the error
 * on record (for the team, never shown to the customer) and the customer gets a support ticket and
 * a mail in their own words.
 */
export async function giveUp(
	admin: AdminClient,
	origin: string,
	row: { id: string },
	email: string,
	locale: string | null | undefined,
	error: string,
) {
	const t = useTranslations(mailLocale(locale));
	const { data: ticket } = await admin.rpc('give_up_provisioning', {
		service: row.id,
		error,
		// The customer reads this ticket in the panel: in their language, like the mail below.
		subject: t('support.setupTicket.subject', { id: row.id.slice(0, 8) }),
		message: t('support.setupTicket.message'),
	});
	// No ticket: the service stopped waiting meanwhile (refunded), so there is nothing to hand over.
	if (!ticket) return logger.info('provisioning stopped', { serviceId: row.id, error });
	logger.error('provisioning handed to the team', { serviceId: row.id, error, ticket });
	await sendSetupDelayed(origin, email, locale, row);
}
