import type { User } from '@supabase/supabase-js';
import { localizePath, useTranslations } from '../../i18n';
import { routes } from '../../lib/routes';
import type { PasswordApplied } from '../hypervisor';
import { siteOrigin } from '../config/site-origin';
import { logger } from '../log/logger';
import { composeMail } from '../mail/compose';
import { deliver, mailLocale, siteUrl } from '../mail/product-mail';
import type { AdminClient } from '../supabase/admin-client';

// The security mails of a VPS's destructive actions: its root password was reset, or it was
// reinstalled. In the customer's language (their profile's), saying what happened, from which
// address, and what to do if it was not them; never the password, which the page showed once.

export type VpsSecurityEvent =
	| { kind: 'password_reset'; user: string; applied: PasswordApplied }
	| { kind: 'reinstalled'; image: string; user: string; withKeys: boolean };

export interface VpsMailTarget {
	serviceId: string;
	hostname: string;
}

export function vpsSecurityMail(
	to: string,
	locale: string | null | undefined,
	vps: VpsMailTarget,
	event: VpsSecurityEvent,
	address: string,
	origin: string,
) {
	const language = mailLocale(locale);
	const t = useTranslations(language);
	const link = {
		href: siteUrl(localizePath(routes.vps(vps.serviceId), language), origin),
		label: t('mail.vps.open'),
	};
	const { hostname } = vps;
	if (event.kind === 'password_reset')
		return composeMail(to, t('mail.vpsPassword.subject', { user: event.user, hostname }), [
			t('mail.vpsPassword.intro', { user: event.user, hostname, address }),
			t(event.applied === 'now' ? 'mail.vpsPassword.now' : 'mail.vpsPassword.nextBoot'),
			link,
			t('mail.vps.notYou'),
		]);
	return composeMail(to, t('mail.vpsReinstalled.subject', { hostname, image: event.image }), [
		t('mail.vpsReinstalled.intro', { hostname, image: event.image, address }),
		t(event.withKeys ? 'mail.vpsReinstalled.keys' : 'mail.vpsReinstalled.password', {
			user: event.user,
		}),
		link,
		t('mail.vps.notYou'),
	]);
}

/**
 * Tells the owner after the action is done. Never fails the action it reports: a mail that cannot
 * be built or sent is logged.
 */
export async function mailVpsOwner(
	admin: AdminClient,
	customer: User,
	vps: VpsMailTarget,
	event: VpsSecurityEvent,
	address: string,
): Promise<boolean> {
	try {
		if (!customer.email) return false;
		const { data: profile } = await admin
			.from('profiles')
			.select('preferred_locale')
			.eq('id', customer.id)
			.maybeSingle();
		const to = customer.email;
		const locale = profile?.preferred_locale;
		const sent = await deliver(() =>
			vpsSecurityMail(to, locale, vps, event, address, siteOrigin()),
		);
		if (!sent) logger.warn('VPS security mail not sent', { serviceId: vps.serviceId, ...event });
		return sent;
	} catch (error) {
		logger.error('VPS security mail failed', { serviceId: vps.serviceId, error });
		return false;
	}
}
