import nodemailer from 'nodemailer';
import type { SmtpConfig } from './config';
import type { Mailer, MailMessage } from './types';

// The real mailer, in every environment: production's relay, the local stack's mailbox in development
// and the tests. A small pool: the billing run sends its mail in batches, and a connection per message
// would spend most of the time on greetings. An idle socket is closed after `socketTimeout`, so no
// connection is held open against relays that drop idle clients.

/** The readiness check waits this long per step (connect and greeting, then each reply). */
const probeTimeoutMs = 3_000;

function connection(config: SmtpConfig) {
	return {
		host: config.host,
		port: config.port,
		secure: config.secure,
		requireTLS: config.requireTLS,
		...(config.auth ? { auth: config.auth } : {}),
	};
}

/** A failure in our words plus the server's, with the login taken out wherever it appears. */
function probeFailure(config: SmtpConfig, error: unknown): Error {
	// Narrowed, not assumed: nodemailer rejects with an Error carrying a `code` (EAUTH, ESOCKET, …).
	const thrown = typeof error === 'object' && error !== null ? error : {};
	const message =
		'message' in thrown && typeof thrown.message === 'string' ? thrown.message : 'failed';
	const code = 'code' in thrown && typeof thrown.code === 'string' ? thrown.code : undefined;
	let said = message;
	// Some relays quote the user name in a refusal, and for token relays it is the secret.
	for (const part of [config.auth?.user, config.auth?.pass])
		if (part && part.length >= 3) said = said.split(part).join('[redacted]');
	const where = `The SMTP server at ${config.host}:${config.port}`;
	const what = code === 'EAUTH' ? 'refused the login' : 'could not be verified';
	return new Error(`${where} ${what}: ${said}${code ? ` (${code})` : ''}`);
}

export function createSmtpMailer(config: SmtpConfig): Mailer {
	const transport = nodemailer.createTransport({
		...connection(config),
		pool: true,
		maxConnections: 4,
		// Nodemailer waits minutes by default; a caller in a request should hear of a dead relay sooner.
		connectionTimeout: 10_000,
		greetingTimeout: 10_000,
		socketTimeout: 30_000,
	});
	// Its own connection, not the pool's, with the readiness check's shorter patience.
	const probeTransport = nodemailer.createTransport({
		...connection(config),
		connectionTimeout: probeTimeoutMs,
		greetingTimeout: probeTimeoutMs,
		socketTimeout: probeTimeoutMs,
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
		async probe(): Promise<void> {
			// Connects, says EHLO, upgrades with STARTTLS where required, logs in, and quits.
			await probeTransport.verify().catch((error: unknown) => {
				throw probeFailure(config, error);
			});
		},
	};
}
