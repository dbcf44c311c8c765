import { localizePath, useTranslations, type Locale } from '../../i18n';
import { routes } from '../../lib/routes';
import { composeMail } from '../mail/compose';
import { deliver, siteUrl } from '../mail/product-mail';

// The security mails of two-factor sign-in, in the customer's language: each says what changed,
// links to the Security tab, and says what to do if it was not them. A mail that cannot be sent is
// logged, never allowed to undo the change it reports.

export type TwoFactorEvent = 'on' | 'off' | 'recovery';

export function sendTwoFactorMail(
	origin: string,
	to: string,
	locale: Locale,
	event: TwoFactorEvent,
	clientAddress: string,
): Promise<boolean> {
	const t = useTranslations(locale);
	const security = siteUrl(localizePath(routes.security, locale), origin);
	return deliver(() =>
		composeMail(to, t(`mail.mfa.${event}.subject`), [
			t(`mail.mfa.${event}.intro`, { address: clientAddress }),
			t(`mail.mfa.${event}.next`),
			{ href: security, label: t('mail.mfa.security') },
			t('mail.mfa.notYou'),
		]),
	);
}
