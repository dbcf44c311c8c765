import { MailConfigError, readMailConfig } from './config';
import { createSmtpMailer } from './smtp';
import type { Mailer } from './types';
import { pickAdapter, type Env } from '../config/pick-adapter';

export type { Mailer, MailMessage } from './types';
export { MailConfigError } from './config';

// The one place that chooses the mailer. Without a usable SMTP_URL and MAIL_FROM there is no
// pretend mailer that drops messages: send() rejects with a MailConfigError saying what to set, which
// callers log like any failed delivery. A customer's security alert must never vanish unnoticed.

function unconfigured(reason: MailConfigError): Mailer {
	return {
		send: () => Promise.reject(new MailConfigError(reason.message)),
		probe: () => Promise.reject(new MailConfigError(reason.message)),
	};
}

function createMailer(env: Env): Mailer {
	try {
		return createSmtpMailer(readMailConfig(env));
	} catch (error) {
		if (error instanceof MailConfigError) return unconfigured(error);
		throw error;
	}
}

/** The mailer for the current environment. */
export const getMailer = pickAdapter(['SMTP_URL', 'MAIL_FROM'], createMailer);
