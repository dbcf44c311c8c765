// The product mail the site servers sent, as the local stack's mailbox received it over SMTP
// (GET /api/messages). Subjects are the English ones of src/i18n/ui/en.json: the customer's
// profile has no other language.

export interface Mail {
	to: string[];
	subject: string;
	text: string;
}

export async function mailTo(mailboxUrl: string, email: string): Promise<Mail[]> {
	const response = await fetch(`${mailboxUrl}/api/messages`);
	if (!response.ok) throw new Error(`mailbox answered ${response.status}`);
	const { messages } = (await response.json()) as { messages: Mail[] };
	return messages.filter((m) => m.to.some((to) => to.toLowerCase().includes(email.toLowerCase())));
}

/** "Order confirmed: invoice INV-…" for that invoice number. */
export const confirmations = (mails: Mail[], number: string) =>
	mails.filter((m) => m.subject === `Order confirmed: invoice ${number}`).length;

/** "Your server is ready", with the link to that service's page. */
export const readyMails = (mails: Mail[], serviceId: string) =>
	mails.filter((m) => m.subject === 'Your server is ready' && m.text.includes(serviceId)).length;

/** The renewal invoice's mail: "Invoice INV-… for your … server". */
export const renewalMails = (mails: Mail[], number: string) =>
	mails.filter((m) => m.subject.startsWith(`Invoice ${number} for your`)).length;

/** Polls until `enough` holds for the customer's mail, or the time is up; the mail either way. */
export async function waitForMail(
	mailboxUrl: string,
	email: string,
	enough: (mails: Mail[]) => boolean,
	timeoutMs = 30_000,
): Promise<Mail[]> {
	const deadline = Date.now() + timeoutMs;
	for (;;) {
		const mails = await mailTo(mailboxUrl, email);
		if (enough(mails) || Date.now() > deadline) return mails;
		await new Promise((resolve) => setTimeout(resolve, 100));
	}
}
