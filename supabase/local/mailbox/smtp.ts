import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { SMTPServerDataStream, SMTPServerSession } from 'smtp-server';
import type { Mailbox } from './store.ts';

// The mailbox's SMTP side (54325, where `supabase start` exposes its mail catcher's SMTP port): the
// site's product mail goes out over SMTP in every environment, and locally it lands here, beside
// Auth's mail, in the same list and JSON API. Loopback only, so no AUTH and no TLS: a client that
// is configured with credentials simply does not log in, as with Inbucket or Mailpit.

/** Far above any product mail; a runaway message is refused rather than kept in memory. */
const MAX_MESSAGE_BYTES = 10 * 1024 * 1024;

export interface SmtpReceiver {
	port: number;
	close(): Promise<void>;
}

function formatAddresses(header: AddressObject | undefined): string | undefined {
	const entries = header?.value.filter((entry) => entry.address) ?? [];
	if (entries.length === 0) return undefined;
	return entries
		.map((entry) => (entry.name ? `${entry.name} <${entry.address}>` : `${entry.address}`))
		.join(', ');
}

async function store(
	mailbox: Mailbox,
	stream: SMTPServerDataStream,
	session: SMTPServerSession,
): Promise<void> {
	const parsed = await simpleParser(stream);
	if (stream.sizeExceeded)
		throw Object.assign(new Error('Message exceeds the mailbox size limit'), { responseCode: 552 });
	const sender = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
	const replyTo = formatAddresses(parsed.replyTo);
	mailbox.send({
		from: formatAddresses(parsed.from) ?? sender,
		// The envelope says who the mail was delivered to (Bcc included), as a catcher files it;
		// plain addresses, as Auth's own mail stores them, so tests can find a user's mail.
		to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
		subject: parsed.subject ?? '',
		text: parsed.text ?? '',
		html: parsed.html || '',
		...(replyTo ? { reply_to: replyTo } : {}),
	});
}

export async function startSmtpReceiver(
	mailbox: Mailbox,
	host: string,
	port: number,
	log: (line: string) => void,
): Promise<SmtpReceiver> {
	const server = new SMTPServer({
		name: 'mailbox.local.supabase',
		banner: 'local mailbox',
		disabledCommands: ['AUTH', 'STARTTLS'],
		disableReverseLookup: true,
		size: MAX_MESSAGE_BYTES,
		rejectOversized: true,
		logger: false,
		// Stopping the stack must not wait the default 30 s for a client that keeps its connection.
		closeTimeout: 1000,
		onData(stream, session, callback) {
			store(mailbox, stream, session).then(
				() => callback(),
				(error: Error) => {
					// The reply may only go out once the client has sent the whole message.
					if (stream.readableEnded) return callback(error);
					stream.once('end', () => callback(error)).resume();
				},
			);
		},
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(port, host, () => {
			server.off('error', reject);
			resolve();
		});
	});
	// A client that drops its connection is reported here; without a listener it would end the process.
	server.on('error', (error) => log(`smtp: ${error.message}`));
	return {
		port: (server.server.address() as AddressInfo).port,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}
