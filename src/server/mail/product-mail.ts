import { isLocale, type Locale } from '../../i18n';
import { getMailer } from './index';
import type { composeMail } from './compose';
import { logger } from '../log/logger';

// What every product mail (orders, servers, billing) shares: the customer's language, links to the
// public site, and a send that is logged rather than allowed to undo what the mail reports.

export function mailLocale(value: string | null | undefined): Locale {
	return isLocale(value) ? value : 'en';
}

/** Links in mails point at the public site: `origin` is always `siteOrigin()`, passed down from the route. */
export function siteUrl(path: string, origin: string): string {
	return new URL(path, origin).href;
}

/** Sends; false (and a log line) when the mail server refused or could not be reached. */
export async function deliver(build: () => ReturnType<typeof composeMail>): Promise<boolean> {
	try {
		await getMailer().send(build());
		return true;
	} catch (error) {
		logger.error('product mail not sent', { error });
		return false;
	}
}
