// The mail port: what product code (security alerts, order confirmations, invoices) depends on.
// index.ts picks the implementation from the environment; code that sends mail never names one.

export interface MailMessage {
	to: string;
	subject: string;
	text: string;
	html: string;
	replyTo?: string;
}

export interface Mailer {
	/** Resolves once the SMTP server accepted the message; rejects when it did not. */
	send(message: MailMessage): Promise<void>;
	/**
	 * For the readiness check: resolves when the SMTP server accepts a connection and the login
	 * (within a few seconds), else rejects with an Error saying what failed, never the password.
	 */
	probe(): Promise<void>;
}
