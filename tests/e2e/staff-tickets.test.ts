import { randomUUID } from 'node:crypto';
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './test';
import en from '../../src/i18n/ui/en.json' with { type: 'json' };
import no from '../../src/i18n/ui/no.json' with { type: 'json' };
import { mailbox, signIn, uniqueEmail } from './backend';
import { admin } from './fixtures';
import { staffSignIn } from './staff';
import { signOut } from './two-factor-steps';

// Issue 32's tickets section as staff and customer use it: a customer of the test's own opens a
// ticket through the API as the panel does; staff (two-factor, signed in through the site) find
// it in the inbox by the customer's address, take it, move it to another department and reply;
// the customer is mailed the reply in their own language and sees it in their panel's thread.
// In English, and in Norwegian for both sides (the console under /no, the customer's profile in
// Norwegian). The inbox and the ticket page pass axe.

type Dictionary = typeof en;

interface Mail {
	to: string[];
	subject: string;
	text: string;
}

async function mailsTo(address: string): Promise<Mail[]> {
	const answer = await fetch(`${mailbox}/api/messages`);
	const { messages } = (await answer.json()) as { messages: Mail[] };
	return messages.filter((m) => m.to.includes(address));
}

/** A customer of the test's own whose profile says which language they are mailed in. */
async function customerIn(locale: string) {
	const email = uniqueEmail(`tickets-${locale}`);
	const password = 'own-account-2026';
	const db = admin();
	const made = await db.auth.admin.createUser({ email, password, email_confirm: true });
	if (!made.data.user) throw new Error(made.error?.message ?? 'no user');
	const { id } = made.data.user;
	const { error } = await db.from('profiles').update({ preferred_locale: locale }).eq('id', id);
	if (error) throw new Error(error.message);
	return { id, email, password };
}

async function expectNoAxeViolations(page: Page) {
	const { violations } = await new AxeBuilder({ page }).analyze();
	expect(
		violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
	).toEqual([]);
}

const languages: { prefix: string; locale: 'en' | 'no'; words: Dictionary }[] = [
	{ prefix: '', locale: 'en', words: en },
	{ prefix: '/no', locale: 'no', words: no },
];

for (const { prefix, locale, words } of languages) {
	test(`staff reply to a customer's ticket reaches their thread and mailbox (${locale})`, async ({
		page,
	}) => {
		// Two sign-ins with two-factor set-up between them, a reply mailed and read back.
		test.setTimeout(120_000);
		const customer = await customerIn(locale);

		// The customer opens a ticket, as the panel's form does.
		const subject = `Lag after the update ${Date.now().toString(36)}`;
		const question = 'Since the update my server stutters every few minutes.';
		await signIn(page, customer, `${prefix}/login`);
		await expect(page).toHaveURL(new RegExp(`${prefix}/panel$`));
		const opened = await page.request.post('/api/tickets', {
			data: { subject, department: 'billing', message: question, locale },
		});
		expect(opened.status()).toBe(201);
		const { id } = (await opened.json()) as { id: string };
		// To the customer, the console's ticket page and its writes do not exist.
		expect((await page.request.get(`${prefix}/staff/tickets/${id}`)).status()).toBe(404);
		const forged = await page.request.post(`/api/staff/tickets/${id}/replies`, {
			data: { message: 'Approved by staff', requestId: randomUUID() },
		});
		expect(forged.status()).toBe(404);
		await signOut(page);

		// Staff find it in the inbox by the customer's address.
		await staffSignIn(page, prefix, `staff-tickets-${locale}`);
		const nav = page.getByRole('navigation', { name: words['staff.nav.label'] });
		await nav.getByRole('link', { name: words['staff.nav.tickets'] }).click();
		await expect(page).toHaveURL(new RegExp(`${prefix}/staff/tickets$`));
		await expect(page.locator('h1')).toHaveText(words['staff.nav.tickets']);
		await page.getByLabel(words['staff.tickets.filter.search']).fill(customer.email);
		await page.getByRole('button', { name: words['staff.tickets.filter.apply'] }).click();
		await expect(page).toHaveURL(/[?&]q=/);
		const rows = page.locator('[data-inbox] tbody tr');
		await expect(rows).toHaveCount(1);
		await expect(rows.first()).toHaveAttribute('data-inbox-ticket', id);
		await expect(rows.first()).toContainText(customer.email);
		await expect(rows.first()).toContainText(question);
		await expect(rows.first().locator('[data-status]')).toHaveText(
			words['staff.tickets.status.open'],
		);
		await expect(rows.first()).toContainText(words['staff.tickets.nobody']);
		await expectNoAxeViolations(page);
		await rows.first().getByRole('link', { name: subject }).click();

		// The ticket: its customer, the question, and what staff can do.
		await expect(page).toHaveURL(new RegExp(`${prefix}/staff/tickets/${id}$`));
		await expect(page.locator('h1')).toHaveText(subject);
		await expect(page.locator('[data-customer-email]')).toHaveText(customer.email);
		await expect(page.locator('[data-customer-link]')).toHaveAttribute(
			'href',
			`${prefix}/staff/customers/${customer.id}`,
		);
		await expect(page.locator('[data-message=customer]')).toHaveText(new RegExp(question));
		await expectNoAxeViolations(page);

		await page.getByRole('button', { name: words['staff.tickets.assign.submit'] }).click();
		await expect(page.locator('[data-ticket-notice=assigned]')).toHaveText(
			words['staff.tickets.notice.assigned'],
		);
		await expect(page.locator('[data-assigned-to-me]')).toBeVisible();

		await page.getByLabel(words['support.field.department']).selectOption('technical');
		await page.getByRole('button', { name: words['staff.tickets.department.submit'] }).click();
		await expect(page.locator('[data-ticket-notice=department]')).toBeVisible();
		await expect(page.locator('[data-ticket-department]')).toHaveText(
			words['support.department.technical'],
		);

		// An empty reply is refused in the page's language and nothing is sent.
		const replyBox = page.getByLabel(words['staff.tickets.reply.label']);
		const send = page.getByRole('button', { name: words['staff.tickets.reply.submit'] });
		await send.click();
		await expect(page.getByRole('alert')).toHaveText(words['staff.tickets.error.emptyReply']);
		await expect(page.locator('[data-message=staff]')).toHaveCount(0);

		const reply = `We have moved your server to a quieter node (${locale}).\n\nTell us how it goes.`;
		await replyBox.fill(reply);
		await send.click();
		await expect(page.locator('[data-ticket-notice=replied]')).toHaveText(
			words['staff.tickets.notice.replied'],
		);
		await expect(page.locator('[data-message=staff]')).toContainText('quieter node');
		await expect(page.locator('[data-ticket-facts] [data-status]')).toHaveText(
			words['staff.tickets.status.answered'],
		);

		// Each write is in the audit log once.
		await nav.getByRole('link', { name: words['staff.nav.audit'] }).click();
		const log = page.locator(`[data-audit-log] tr:has-text("ticket:${id}")`);
		await expect(log).toHaveCount(3);
		await expect(log.first()).toHaveAttribute('data-audit-action', 'ticket_replied');
		// Each change reads field by field, in the console's words, never as the stored JSON.
		const status = log.first().locator('[data-audit-field=status]');
		await expect(status.locator('th')).toHaveText(words['staff.audit.field.status']);
		await expect(status.locator('td')).toHaveText([
			words['staff.tickets.status.open'],
			words['staff.tickets.status.answered'],
		]);
		await expect(log.first().locator('[data-audit-field=mailed] td').last()).toHaveText(
			words['staff.audit.yes'],
		);
		await expect(page.locator('[data-audit-log]')).not.toContainText('{"');
		await expectNoAxeViolations(page);

		// The customer is mailed the reply in their language, with the way to the thread.
		const mailSubject = words['mail.support.reply.subject'].replace('{subject}', subject);
		await expect
			.poll(async () => (await mailsTo(customer.email)).map((m) => m.subject))
			.toContain(mailSubject);
		const mail = (await mailsTo(customer.email)).find((m) => m.subject === mailSubject)!;
		expect(mail.text).toContain('We have moved your server to a quieter node');
		expect(mail.text).toContain(`${prefix}/panel/support/tickets/${id}`);

		// And reads it in their panel.
		await signOut(page);
		await signIn(page, customer, `${prefix}/login`);
		await expect(page).toHaveURL(new RegExp(`${prefix}/panel$`));
		await page.goto(`${prefix}/panel/support/tickets/${id}`);
		const staffMessage = page.locator('[data-message=staff]');
		await expect(staffMessage).toHaveCount(1);
		await expect(staffMessage).toContainText('We have moved your server to a quieter node');
		await expect(staffMessage).toContainText(words['support.author.staff']);
		await expect(page.locator('[data-ticket-thread] dd [data-status]')).toHaveText(
			words['support.status.answered'],
		);
	});
}
