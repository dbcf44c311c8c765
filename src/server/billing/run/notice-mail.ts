import { z } from 'zod';
import { locales, localizePath, useTranslations, type UiKey } from '../../../i18n';
import {
	brandLabel,
	declineReason,
	nextAutoCharge,
	unpaidConsequences,
} from '../../../lib/billing';
import { formatMoney } from '../../../lib/format-money';
import { productOf } from '../../../lib/product-name';
import { routes } from '../../../lib/routes';
import { composeMail, type MailBlock } from '../../mail/compose';
import { mailLocale, siteUrl } from '../../mail/product-mail';

// One owed billing mail (a row of `billing_notices_due`) in the customer's language. A reminder
// sent after the saved card was declined says so: the card, the reason, the next try, the
// suspension and deletion days, and a link that pays this invoice.

/** Every billing mail the run sends; `billing_notices.kind` allows the same. */
export const noticeKinds = [
	'invoice',
	'due',
	'overdue',
	'suspension_warning',
	'suspended',
	'terminated',
	'ended',
	'renewed',
	'refunded',
] as const;

/** The reminders of an unpaid invoice, which a declined charge turns into the declined mail. */
const reminders: readonly string[] = ['due', 'overdue', 'suspension_warning'];

export const noticeSchema = z.object({
	id: z.number(),
	kind: z.enum(noticeKinds),
	email: z.string().nullable(),
	locale: z.string().nullable(),
	plan_id: z.string().nullable(),
	number: z.string().nullable(),
	total: z.number().nullable(),
	currency: z.string().nullable(),
	due_at: z.string().nullable(),
	/** When the invoice was issued: on or after its due day, the shop issued it late. */
	issued_at: z.string().nullable().default(null),
	/** The end of the period it pays for: the paid-until date a "renewed" mail gives. */
	period_end: z.string().nullable().default(null),
	invoice_id: z.string().nullable().default(null),
	charge_attempts: z.number().nullable().default(null),
	declined: z
		.object({
			code: z.string().nullable(),
			brand: z.string().nullable(),
			last4: z.string().nullable(),
			at: z.string(),
		})
		.nullable()
		.default(null),
});

export type Notice = z.infer<typeof noticeSchema>;

// One formatter per language for the whole process: building one costs more than the mail it dates
// (a billing run over 10,000 services spent 4% of its time there).
const longDates = new Map<string, Intl.DateTimeFormat>();
function longDate(intl: string, iso: string): string {
	let format = longDates.get(intl);
	if (!format) {
		format = new Intl.DateTimeFormat(intl, { dateStyle: 'long', timeZone: 'UTC' });
		longDates.set(intl, format);
	}
	return format.format(new Date(iso));
}

export function billingMail(notice: Notice, origin: string) {
	const locale = mailLocale(notice.locale);
	const t = useTranslations(locale);
	const { intl } = locales[locale];
	const long = (iso: string) => longDate(intl, iso);
	const values = {
		service: productOf(notice.plan_id ?? '')?.name ?? notice.plan_id ?? '',
		number: notice.number ?? '',
		total: notice.currency ? formatMoney(notice.total ?? 0, notice.currency, intl) : '',
		due: notice.due_at ? long(notice.due_at) : '',
		until: notice.period_end ? long(notice.period_end) : '',
	};
	const { declined, due_at: dueAt, invoice_id: invoiceId } = notice;
	if (declined && dueAt && invoiceId && reminders.includes(notice.kind)) {
		const due = dueAt.slice(0, 10);
		const { suspendOn, deleteOn } = unpaidConsequences(due);
		const retry = nextAutoCharge(due, declined.at.slice(0, 10), notice.charge_attempts ?? 0);
		const card =
			declined.brand && declined.last4
				? t('mail.billing.declined.card', {
						brand: brandLabel(declined.brand),
						last4: declined.last4,
					})
				: t('mail.billing.declined.cardUnknown');
		const reason = t(`invoice.decline.${declineReason(declined.code)}`);
		const blocks: MailBlock[] = [t('mail.billing.declined.intro', { ...values, card, reason })];
		// A retry on or after the suspension day would come too late to mention.
		if (retry && retry < suspendOn)
			blocks.push(t('mail.billing.declined.retry', { retry: long(retry) }));
		blocks.push(
			t('mail.billing.declined.next', {
				...values,
				suspend: long(suspendOn),
				delete: long(deleteOn),
			}),
			{
				href: siteUrl(localizePath(routes.invoice(invoiceId), locale), origin),
				label: t('mail.billing.declined.pay', values),
			},
		);
		return composeMail(notice.email ?? '', t('mail.billing.declined.subject', values), blocks);
	}
	const key = (part: string) => `mail.billing.${notice.kind}.${part}` as UiKey;
	const link = notice.number
		? {
				href: siteUrl(localizePath(routes.billing, locale), origin),
				label: t('mail.billing.invoices'),
			}
		: { href: siteUrl(localizePath(routes.panel, locale), origin), label: t('mail.billing.panel') };
	return composeMail(notice.email ?? '', t(key('subject'), values), [
		t(key(introOf(notice)), values),
		link,
	]);
}

/**
 * Which intro a mail takes: an invoice the shop issued on or after its due day (billing runs
 * missed) is due today, not "before" a day gone by; "renewed" names the paid-until date it has.
 */
function introOf({ kind, due_at: due, issued_at: issued, period_end: until }: Notice) {
	if (kind === 'invoice' && due && issued && issued.slice(0, 10) >= due.slice(0, 10))
		return 'introLate';
	if (kind === 'renewed' && !until) return 'introUndated';
	return 'intro';
}
