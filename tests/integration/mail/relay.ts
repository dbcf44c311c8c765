import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import type { ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

// A stand-in for production's relay: it refuses to take mail before AUTH with the right user name
// and password, and keeps what it accepted (the login, the envelope, the parsed message) for the
// tests to look at. Plain text on loopback; the mailer only insists on TLS off the machine.

export interface RelayMessage {
	user: string;
	envelope: { from: string; to: string[] };
	parsed: ParsedMail;
}

export interface Relay {
	port: number;
	/** Newest first, as the mailbox lists them. */
	messages: RelayMessage[];
	close(): Promise<void>;
}

export async function startRelay(login: {
	method: 'PLAIN' | 'LOGIN';
	user: string;
	pass: string;
}): Promise<Relay> {
	const messages: RelayMessage[] = [];
	const server = new SMTPServer({
		authMethods: [login.method],
		allowInsecureAuth: true,
		disabledCommands: ['STARTTLS'],
		disableReverseLookup: true,
		logger: false,
		closeTimeout: 1000,
		onAuth(auth, _session, callback) {
			if (auth.method !== login.method) return callback(new Error(`Unexpected ${auth.method}`));
			if (auth.username !== login.user || auth.password !== login.pass)
				return callback(Object.assign(new Error('Invalid credentials'), { responseCode: 535 }));
			callback(null, { user: auth.username });
		},
		onData(stream, session, callback) {
			simpleParser(stream).then(
				(parsed) => {
					const { mailFrom, rcptTo } = session.envelope;
					messages.unshift({
						user: String(session.user),
						envelope: { from: mailFrom ? mailFrom.address : '', to: rcptTo.map((r) => r.address) },
						parsed,
					});
					callback();
				},
				(error: Error) => callback(error),
			);
		},
	});
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(0, '127.0.0.1', () => resolve());
	});
	return {
		port: (server.server.address() as AddressInfo).port,
		messages,
		close: () => new Promise<void>((resolve) => server.close(() => resolve())),
	};
}

/** A loopback port nothing listens on (it was free a moment ago and was given back). */
export async function closedPort(): Promise<number> {
	const probe = createServer();
	await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
	const { port } = probe.address() as AddressInfo;
	await new Promise<void>((resolve) => probe.close(() => resolve()));
	return port;
}
