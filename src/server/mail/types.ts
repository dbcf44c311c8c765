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
}
