import { z } from 'zod';
import { localizePath, useTranslations } from '../../i18n';
import { isUuid } from '../../lib/uuid';
import { routes } from '../../lib/routes';
import { composeMail } from '../mail/compose';
import { deliver, mailLocale, siteUrl } from '../mail/product-mail';
import type { AdminClient } from '../supabase/admin-client';
import { checkMessage } from './actions';

// A reply from staff (the staff console's ticket page, src/server/staff/tickets/actions.ts, and
// the operator's `npm run support:reply`): recorded with the service role, the only role that may
// write as staff, then mailed to the customer in their profile's language with a link to the
// thread. The reply stands whether or not the mail goes out: a failed send is logged and reported.

export type StaffReplyOutcome =
	| { outcome: 'sent'; ticket: string; to: string | null; locale: string; mailed: boolean }
	| { outcome: 'not_found' | 'missing_message' | 'too_long' };

/**
 * What `staff_reply` answers (jsonb, 20261125120000_support_threads.sql): the mail's facts, or null
 * for no such ticket. The address and the language are null for an account deleted since.
 */
const recordedSchema = z
	.object({
		ticket: z.string(),
		subject: z.string(),
		email: z.string().nullable(),
		locale: z.string().nullable(),
	})
	.nullable();
type Recorded = NonNullable<z.infer<typeof recordedSchema>>;

/** The mail about a staff reply: the reply itself, then the way to the thread. */
export function staffReplyMail(recorded: Recorded, message: string, origin: string) {
	const locale = mailLocale(recorded.locale);
	const t = useTranslations(locale);
	const thread = siteUrl(localizePath(routes.ticket(recorded.ticket), locale), origin);
	const values = { subject: recorded.subject };
	return composeMail(recorded.email ?? '', t('mail.support.reply.subject', values), [
		t('mail.support.reply.intro', values),
		// One paragraph per paragraph of the reply, so it reads as written in the HTML part too.
		...message.split(/\n\s*\n/).map((paragraph) => paragraph.trim()),
		t('mail.support.reply.answer'),
		{ href: thread, label: t('mail.support.reply.open') },
	]);
}

export async function staffReply(
	admin: AdminClient,
	ticketId: string,
	message: string,
	origin: string,
): Promise<StaffReplyOutcome> {
	if (!isUuid(ticketId)) return { outcome: 'not_found' };
	const checked = checkMessage(message);
	if ('refusal' in checked)
		return { outcome: checked.refusal === 'too_long' ? 'too_long' : 'missing_message' };
	const body = checked.message;
	const { data, error } = await admin.rpc('staff_reply', { ticket: ticketId, message: body });
	if (error) throw new Error(`staff_reply: ${error.message}`);
	const recorded = recordedSchema.parse(data);
	if (!recorded) return { outcome: 'not_found' };
	// An account deleted since has no address: the reply is recorded, there is no one to mail.
	const mailed = recorded.email
		? await deliver(() => staffReplyMail(recorded, body, origin))
		: false;
	return {
		outcome: 'sent',
		ticket: ticketId,
		to: recorded.email,
		locale: mailLocale(recorded.locale),
		mailed,
	};
}
