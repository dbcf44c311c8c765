import nodemailer from 'nodemailer';
import type { SmtpConfig } from './config';
import type { Mailer, MailMessage } from './types';

// The real mailer, in every environment: production's relay, the local stack's mailbox in development
// and the tests. A small pool: the billing run sends its mail in batches, and a connection per message
// would spend most of the time on greetings. An idle socket is closed after `socketTimeout`, so no
// connection is held open against relays that drop idle clients.

export function createSmtpMailer(config: SmtpConfig): Mailer {
	const transport = nodemailer.createTransport({
		host: config.host,
		port: config.port,
		secure: config.secure,
		requireTLS: config.requireTLS,
		...(config.auth ? { auth: config.auth } : {}),
		pool: true,
		maxConnections: 4,
		// Nodemailer waits minutes by default; a caller in a request should hear of a dead relay sooner.
		connectionTimeout: 10_000,
		greetingTimeout: 10_000,
		socketTimeout: 30_000,
	});
	return {
		async send(message: MailMessage): Promise<void> {
			const info = await transport.sendMail({
				from: config.from,
				to: message.to,
				subject: message.subject,
				text: message.text,
				html: message.html,
				...(message.replyTo ? { replyTo: message.replyTo } : {}),
			});
			// Nodemailer resolves when at least one recipient was accepted; `to` may list several.
			if (info.rejected.length > 0)
				throw new Error(`The SMTP server refused ${info.rejected.join(', ')}: ${info.response}`);
		},
	};
}
