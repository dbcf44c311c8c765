import { locales, localizePath, useTranslations, type UiKey } from '../../i18n';
import { formatMoney } from '../../lib/format-money';
import { productOf } from '../../lib/product-name';
import { routes } from '../../lib/routes';
import { composeMail } from '../mail/compose';
import { deliver, mailLocale, siteUrl } from '../mail/product-mail';
import type { AdminClient } from '../supabase/admin-client';

// The billing mails owed (the outbox the run's steps write), sent in the customer's language in
// batches, each batch marked sent once it went out. A mail server that stops answering leaves the
// rest for the next run; a crash mid-batch sends a few twice rather than none.

const BATCH = 100;
/** Mails in flight at once: the SMTP pool's connections. */
const PARALLEL = 4;
/** A run stops sending after this long; what is left goes out with the next run. */
const BUDGET_MS = 5 * 60 * 1000;

type Kind =
	| 'invoice'
	| 'due'
	| 'overdue'
	| 'suspension_warning'
	| 'suspended'
	| 'terminated'
	| 'ended'
	| 'renewed'
	| 'refunded';

interface Notice {
	id: number;
	kind: Kind;
	email: string | null;
	locale: string | null;
	plan_id: string | null;
	number: string | null;
	total: number | null;
	currency: string | null;
	due_at: string | null;
}

function mailOf(notice: Notice, origin: string) {
	const locale = mailLocale(notice.locale);
	const t = useTranslations(locale);
	const { intl } = locales[locale];
	const values = {
		service: productOf(notice.plan_id ?? '')?.name ?? notice.plan_id ?? '',
		number: notice.number ?? '',
		total: notice.currency ? formatMoney(notice.total ?? 0, notice.currency, intl) : '',
		due: notice.due_at
			? new Intl.DateTimeFormat(intl, { dateStyle: 'long', timeZone: 'UTC' }).format(
					new Date(notice.due_at),
				)
			: '',
	};
	const key = (part: string) => `mail.billing.${notice.kind}.${part}` as UiKey;
	const link = notice.number
		? {
				href: siteUrl(localizePath(routes.billing, locale), origin),
				label: t('mail.billing.invoices'),
			}
		: { href: siteUrl(localizePath(routes.panel, locale), origin), label: t('mail.billing.panel') };
	return composeMail(notice.email ?? '', t(key('subject'), values), [
		t(key('intro'), values),
		link,
	]);
}

/** Sends the owed billing mails, batch by batch, within the run's budget; returns how many went out. */
export async function sendBillingNotices(admin: AdminClient, origin: string): Promise<number> {
	const started = Date.now();
	let sent = 0;
	while (Date.now() - started < BUDGET_MS) {
		const { data, error } = await admin.rpc('billing_notices_due', { max: BATCH });
		if (error) throw new Error(`billing_notices_due: ${error.message}`);
		const batch = data as unknown as Notice[];
		if (batch.length === 0) break;
		const done: number[] = [];
		let refused = false;
		// A few at a time, one per pooled SMTP connection; a refusal stops the batch after them.
		for (let at = 0; at < batch.length && !refused; at += PARALLEL) {
			const chunk = batch.slice(at, at + PARALLEL);
			const results = await Promise.all(
				// An account deleted since has no address: nothing to send, nothing left owed.
				chunk.map((notice) =>
					notice.email ? deliver(() => mailOf(notice, origin)) : Promise.resolve(null),
				),
			);
			results.forEach((result, i) => {
				if (result === false) return void (refused = true);
				if (result) sent++;
				done.push(chunk[i]!.id);
			});
		}
		const marked = await admin.rpc('mark_notices_sent', { notices: done });
		if (marked.error) throw new Error(`mark_notices_sent: ${marked.error.message}`);
		if (done.length < batch.length) break; // the mail server stopped taking mail
	}
	return sent;
}
