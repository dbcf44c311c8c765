import { localizePath, locales, useTranslations } from '../../../i18n';
import { formatDate } from '../../../lib/format-date';
import { routes } from '../../../lib/routes';
import { logger } from '../../log/logger';
import { composeMail } from '../../mail/compose';
import { deliver, mailLocale, siteUrl } from '../../mail/product-mail';
import type { AdminClient } from '../../supabase/admin-client';
import type { StaffService } from './service-row';

/** What staff did that the customer is mailed about, in their profile's language. */
export type StaffNotice =
	| { kind: 'suspended'; reason: string }
	| { kind: 'unsuspended' }
	| { kind: 'cancelling'; reason: string; endsAt: string | null }
	| { kind: 'cancelled_now'; reason: string }
	| { kind: 'extended'; days: number; until: string };

/** The mail: what happened (with the reason staff gave), and the way to the server's page. */
export function staffNoticeMail(
	to: string,
	locale: string | null | undefined,
	service: Pick<StaffService, 'id' | 'product_type'>,
	notice: StaffNotice,
	origin: string,
) {
	const language = mailLocale(locale);
	const t = useTranslations(language);
	const page = service.product_type === 'vps' ? routes.vps(service.id) : routes.server(service.id);
	const link = {
		href: siteUrl(localizePath(page, language), origin),
		label: t('staff.services.mail.open'),
	};
	const date = (iso: string | null) => (iso ? formatDate(iso, locales[language].intl) : '');
	switch (notice.kind) {
		case 'suspended':
			return composeMail(to, t('staff.services.mail.suspended.subject'), [
				t('staff.services.mail.suspended.intro'),
				notice.reason,
				t('staff.services.customerNotice.help'),
				link,
			]);
		case 'unsuspended':
			return composeMail(to, t('staff.services.mail.unsuspended.subject'), [
				t('staff.services.mail.unsuspended.intro'),
				link,
			]);
		case 'cancelling':
			return composeMail(to, t('staff.services.mail.cancelling.subject'), [
				t('staff.services.mail.cancelling.intro', { date: date(notice.endsAt) }),
				notice.reason,
				link,
			]);
		case 'cancelled_now':
			return composeMail(to, t('staff.services.mail.cancelledNow.subject'), [
				t('staff.services.mail.cancelledNow.intro'),
				notice.reason,
			]);
		case 'extended':
			return composeMail(to, t('staff.services.mail.extended.subject'), [
				t('staff.services.mail.extended.intro', {
					days: String(notice.days),
					date: date(notice.until),
				}),
				link,
			]);
	}
}

/**
 * Tells the owner, after the change is recorded: a mail that cannot be sent is logged, and the
 * change stands (the server's page says the same).
 */
export async function mailOwner(
	admin: AdminClient,
	service: StaffService,
	notice: StaffNotice,
	origin: string,
): Promise<boolean> {
	const { data: user } = await admin.auth.admin.getUserById(service.user_id);
	const email = user.user?.email;
	if (!email) return false;
	const { data: profile } = await admin
		.from('profiles')
		.select('preferred_locale')
		.eq('id', service.user_id)
		.maybeSingle();
	const sent = await deliver(() =>
		staffNoticeMail(email, profile?.preferred_locale, service, notice, origin),
	);
	if (!sent) logger.warn('staff notice not mailed', { serviceId: service.id, kind: notice.kind });
	return sent;
}
