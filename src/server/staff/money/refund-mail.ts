import { locales, localizePath, useTranslations } from '../../../i18n';
import { formatMoney } from '../../../lib/format-money';
import { routes } from '../../../lib/routes';
import { logger } from '../../log/logger';
import { composeMail } from '../../mail/compose';
import { deliver, mailLocale, siteUrl } from '../../mail/product-mail';
import type { AdminClient } from '../../supabase/admin-client';
import type { InvoiceRefund } from '../../billing/refund/refund-invoice';

/**
 * Tells the customer about a refund staff made, in their profile's language, with the credit
 * note's number and a link to their invoices (where the credit note is). The money went back
 * already, so a mail that cannot be sent is logged, not an error.
 */
export async function mailRefund(
	admin: AdminClient,
	refund: InvoiceRefund & { invoiceNumber: string },
	origin: string,
): Promise<boolean> {
	const [{ data: user }, { data: profile }] = await Promise.all([
		admin.auth.admin.getUserById(refund.userId),
		admin.from('profiles').select('preferred_locale').eq('id', refund.userId).maybeSingle(),
	]);
	const to = user.user?.email;
	if (!to) {
		logger.error('refund: customer has no e-mail', { userId: refund.userId });
		return false;
	}
	const locale = mailLocale(profile?.preferred_locale);
	const t = useTranslations(locale);
	const values = {
		total: formatMoney(refund.total, refund.currency, locales[locale].intl),
		invoice: refund.invoiceNumber,
		number: refund.number,
	};
	return deliver(() =>
		composeMail(to, t('staff.money.mail.subject', values), [
			t('staff.money.mail.intro', values),
			{
				href: siteUrl(localizePath(routes.billing, locale), origin),
				label: t('mail.billing.invoices'),
			},
		]),
	);
}
