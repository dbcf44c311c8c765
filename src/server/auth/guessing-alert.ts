import { localizePath, useTranslations, type Locale } from '../../i18n';
import { routes } from '../../lib/routes';
import { getMailer } from '../mail';
import { composeMail } from '../mail/compose';
import { adminClient } from '../supabase/admin-client';
import { logger } from '../log/logger';
import { siteOrigin } from '../config/site-origin';

/**
 * Tells an account's owner that sign-in is paused because someone keeps guessing its password,
 * with a reset link that gets them in at once. Nothing is sent for an address without an account,
 * and nothing about the outcome reaches the person signing in (this runs after they are answered).
 * The link is on the configured origin: a request's Host is the sender's to forge (issue 26).
 */
export async function alertAccountOwner(
	email: string,
	clientAddress: string,
	locale: Locale,
): Promise<void> {
	try {
		const admin = adminClient();
		if (!admin) return;
		const { data, error } = await admin.auth.admin.generateLink({ type: 'recovery', email });
		if (error || !data.properties?.hashed_token) return; // no such account: nobody to tell
		const link = new URL('/auth/confirm', siteOrigin());
		link.searchParams.set('token_hash', data.properties.hashed_token);
		link.searchParams.set('type', 'recovery');
		link.searchParams.set('next', localizePath(routes.resetPassword, locale));
		const t = useTranslations(locale);
		await getMailer().send(
			composeMail(email, t('mail.guessing.subject'), [
				t('mail.guessing.intro', { address: clientAddress }),
				t('mail.guessing.paused'),
				{ href: link.href, label: t('mail.guessing.reset') },
				t('mail.guessing.notYou'),
			]),
		);
	} catch (error) {
		logger.error('could not alert the owner of a guessed account', { error });
	}
}
