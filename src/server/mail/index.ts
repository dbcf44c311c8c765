import { MailConfigError, readMailConfig } from './config';
import { createSmtpMailer } from './smtp';
import type { Mailer } from './types';

export type { Mailer, MailMessage } from './types';
export { MailConfigError } from './config';

// The one place that chooses the mailer. Without a usable SMTP_URL and MAIL_FROM there is no
// pretend mailer that drops messages: send() rejects with a MailConfigError saying what to set, which
// callers log like any failed delivery. A customer's security alert must never vanish unnoticed.

let cached: { key: string; mailer: Mailer } | undefined;

function unconfigured(reason: MailConfigError): Mailer {
	return {
		send: () => Promise.reject(new MailConfigError(reason.message)),
		probe: () => Promise.reject(new MailConfigError(reason.message)),
	};
}

function createMailer(env: Record<string, string | undefined>): Mailer {
	try {
		return createSmtpMailer(readMailConfig(env));
	} catch (error) {
		if (error instanceof MailConfigError) return unconfigured(error);
		throw error;
	}
}

/** The mailer for the current environment (read at run time, not baked into the build). */
export function getMailer(env: Record<string, string | undefined> = process.env): Mailer {
	// Keyed on the settings so a changed environment (a test, a restarted stack) is picked up.
	const key = `${env.SMTP_URL ?? ''}\n${env.MAIL_FROM ?? ''}`;
	if (cached?.key !== key) cached = { key, mailer: createMailer(env) };
	return cached.mailer;
}
