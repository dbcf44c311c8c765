import { locales, localizePath, useTranslations } from '../../i18n';
import { formatMoney } from '../../lib/format-money';
import { routes } from '../../lib/routes';
import type { VpsImage } from '../../lib/vps/images';
import { storedLineIn, type StoredLine } from '../../lib/billing/invoice-lines';
import { composeMail } from '../mail/compose';
import { deliver, mailLocale as localeOf, siteUrl } from '../mail/product-mail';
import type { VpsMachine } from '../vps/machine';

// The product mails of an order, in the customer's language, each with a plain-text part. A mail
// that cannot be sent is logged, never allowed to undo the payment or the server it reports.

export function sendOrderConfirmation(
	origin: string,
	to: string,
	locale: string | null | undefined,
	order: { number: string; line: StoredLine; total: number; currency: string; orderId: string },
): Promise<boolean> {
	const lang = localeOf(locale);
	const t = useTranslations(lang);
	const total = formatMoney(order.total, order.currency, locales[lang].intl);
	const link = siteUrl(
		`${localizePath(routes.checkoutComplete, lang)}?order=${order.orderId}`,
		origin,
	);
	return deliver(() =>
		composeMail(to, t('mail.order.subject', { number: order.number }), [
			t('mail.order.intro'),
			t('mail.order.line', { description: storedLineIn(order.line, lang), total }),
			{ href: link, label: t('mail.order.follow') },
		]),
	);
}

export function sendServerReady(
	origin: string,
	to: string,
	locale: string | null | undefined,
	service: { id: string; game: string | null },
	address: string,
): Promise<boolean> {
	const lang = localeOf(locale);
	const t = useTranslations(lang);
	const manage = siteUrl(localizePath(routes.server(service.id), lang), origin);
	return deliver(() =>
		composeMail(to, t('mail.ready.subject'), [
			t('mail.ready.intro'),
			t('mail.ready.address', { address }),
			{ href: manage, label: t('mail.ready.manage') },
		]),
	);
}

/**
 * A VPS is running: where it is and how to get in. Never the password: it was shown once on the
 * order page and is not kept in readable form.
 */
export function sendVpsReady(
	origin: string,
	to: string,
	locale: string | null | undefined,
	service: { id: string },
	/** `name`: its own name (the subdomain extra) once published. */
	machine: Pick<VpsMachine, 'hostname' | 'ip' | 'sshKeys'> & { name?: string | null },
	image: Pick<VpsImage, 'name' | 'os' | 'user'>,
): Promise<boolean> {
	const lang = localeOf(locale);
	const t = useTranslations(lang);
	const ipv4 = machine.ip.ipv4?.address ?? '';
	const connect = { user: image.user, address: ipv4 };
	return deliver(() =>
		composeMail(to, t('mail.vpsReady.subject', { hostname: machine.hostname }), [
			t('mail.vpsReady.intro'),
			[
				t('mail.vpsReady.hostname', { hostname: machine.hostname }),
				...(machine.name ? [t('mail.vpsReady.name', { name: machine.name })] : []),
				t('mail.vpsReady.image', { image: image.name }),
				t('mail.vpsReady.ipv4', { address: ipv4 }),
				...(machine.ip.ipv6 ? [t('mail.vpsReady.ipv6', { address: machine.ip.ipv6.address })] : []),
				t('mail.vpsReady.user', { user: image.user }),
			].join('\n'),
			image.os === 'windows' ? t('mail.vpsReady.rdp', connect) : t('mail.vpsReady.ssh', connect),
			machine.sshKeys.length ? t('mail.vpsReady.keys') : t('mail.vpsReady.password'),
			{
				href: siteUrl(localizePath(routes.vps(service.id), lang), origin),
				label: t('mail.vpsReady.panel'),
			},
		]),
	);
}

export function sendSetupDelayed(
	origin: string,
	to: string,
	locale: string | null | undefined,
	service: { id: string },
): Promise<boolean> {
	const lang = localeOf(locale);
	const t = useTranslations(lang);
	const support = siteUrl(localizePath(routes.support, lang), origin);
	return deliver(() =>
		composeMail(to, t('mail.delayed.subject'), [
			t('mail.delayed.intro', { id: service.id.slice(0, 8) }),
			{ href: support, label: t('mail.delayed.support') },
		]),
	);
}

/** A payment that came for an invoice no longer payable, given back in full (billing/payment-events/give-back.ts). */
export function sendPaymentGivenBack(
	origin: string,
	to: string,
	locale: string | null | undefined,
	payment: { number: string; amount: number; currency: string },
): Promise<boolean> {
	const lang = localeOf(locale);
	const t = useTranslations(lang);
	const total = formatMoney(payment.amount, payment.currency, locales[lang].intl);
	const invoices = siteUrl(localizePath(routes.billing, lang), origin);
	return deliver(() =>
		composeMail(to, t('mail.unpayable.subject', { number: payment.number }), [
			t('mail.unpayable.intro', { number: payment.number }),
			t('mail.unpayable.line', { total }),
			{ href: invoices, label: t('mail.unpayable.follow') },
		]),
	);
}

/**
 * A paid VPS order that found no address left in the pool at payment (its hold had lapsed): the
 * order is cancelled and the payment refunded in full (billing/payment-events/give-back.ts).
 */
export function sendVpsSoldOut(
	origin: string,
	to: string,
	locale: string | null | undefined,
	payment: { number: string; amount: number; currency: string; orderId: string },
): Promise<boolean> {
	const lang = localeOf(locale);
	const t = useTranslations(lang);
	const total = formatMoney(payment.amount, payment.currency, locales[lang].intl);
	const order = siteUrl(
		`${localizePath(routes.checkoutComplete, lang)}?order=${payment.orderId}`,
		origin,
	);
	return deliver(() =>
		composeMail(to, t('mail.soldOut.subject', { number: payment.number }), [
			t('mail.soldOut.intro', { number: payment.number }),
			t('mail.soldOut.line', { total }),
			{ href: order, label: t('mail.soldOut.follow') },
		]),
	);
}
