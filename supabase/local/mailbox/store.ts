import { randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

// Every mail the stack sends, and every mail it receives over SMTP (the product's own mail), newest
// first. With a data folder the messages are kept in a JSON file beside the database, so a link mailed
// before a restart can still be opened after it.

export interface MailMessage {
	id: string;
	from: string;
	to: string[];
	subject: string;
	html: string;
	text: string;
	/** Only on mail received over SMTP that named one. */
	reply_to?: string;
	created_at: string;
}

export type OutgoingMail = Pick<MailMessage, 'to' | 'subject' | 'html' | 'text'>;
/**
 * Auth's own mail leaves `from` out (it comes from the project's sender, auth/mail-sender.ts); mail
 * received over SMTP keeps its own.
 */
export type StoredMail = OutgoingMail & Partial<Pick<MailMessage, 'from' | 'reply_to'>>;

const KEEP = 500;

export class Mailbox {
	#messages: MailMessage[] = [];
	readonly #file: string | undefined;
	readonly #sender: string;

	constructor(file: string | undefined, sender: string) {
		this.#file = file;
		this.#sender = sender;
		if (!file) return;
		try {
			const stored: unknown = JSON.parse(readFileSync(file, 'utf8'));
			if (Array.isArray(stored)) this.#messages = stored as MailMessage[];
		} catch {
			// No mailbox yet, or an unreadable one: start empty rather than refuse to start.
		}
	}

	send({ from, ...mail }: StoredMail): MailMessage {
		const message: MailMessage = {
			id: randomUUID(),
			from: from ?? this.#sender,
			created_at: new Date().toISOString(),
			...mail,
		};
		this.#messages = [message, ...this.#messages].slice(0, KEEP);
		this.#persist();
		return message;
	}

	list(): MailMessage[] {
		return [...this.#messages];
	}

	get(id: string): MailMessage | undefined {
		return this.#messages.find((message) => message.id === id);
	}

	/** Deletes one message, or all when no id is given. Returns how many were removed. */
	delete(id?: string): number {
		const before = this.#messages.length;
		this.#messages = id === undefined ? [] : this.#messages.filter((message) => message.id !== id);
		this.#persist();
		return before - this.#messages.length;
	}

	#persist(): void {
		if (!this.#file) return;
		mkdirSync(dirname(this.#file), { recursive: true });
		const partial = `${this.#file}.partial`;
		writeFileSync(partial, JSON.stringify(this.#messages));
		renameSync(partial, this.#file);
	}
}
