import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { expect, test, type Page } from './test';
import { linkMailedTo, mailbox, uniqueEmail } from './backend';
import { e2eBackendFile } from './backend-file';
import { admin } from './fixtures';
import { e2ePorts } from './ports';
import { buyServer } from './purchase';
import { cronSecret } from './secrets';

// One customer is sent every kind of mail the product sends, each the way the product sends it:
// Auth's sign-up confirmation and password reset, the order confirmation and server-ready mails
// of a purchase, a billing run's invoice notice, and a staff reply from `npm run support:reply`.
// Every link in them, followed as that customer, must end on a page, not the 404 page.
// (src/server/mail/links.test.ts builds every kind of mail without sending it.)

const site = `http://127.0.0.1:${e2ePorts.site}`;

interface Mail {
	to: string[];
	subject: string;
	html: string;
}

async function mailsTo(email: string): Promise<Mail[]> {
	const { messages } = (await (await fetch(`${mailbox}/api/messages`)).json()) as {
		messages: Mail[];
	};
	return messages.filter((mail) => mail.to.includes(email));
}

/** `npm run support:reply` against the browser tests' stack, as an operator runs it. */
function supportReply(ticket: string): Promise<number | null> {
	const stack = JSON.parse(readFileSync(e2eBackendFile, 'utf8')) as Record<string, string>;
	const env = {
		PATH: process.env.PATH ?? '',
		LOG_LEVEL: 'silent',
		PUBLIC_SUPABASE_URL: stack.url!,
		PUBLIC_SUPABASE_ANON_KEY: stack.anonKey!,
		SUPABASE_SERVICE_ROLE_KEY: stack.serviceRoleKey!,
		SMTP_URL: `smtp://127.0.0.1:${e2ePorts.smtp}`,
		MAIL_FROM: 'Frostnode <noreply@frostnode.example>',
		PUBLIC_SITE_URL: site,
	};
	const jiti = resolve('node_modules/jiti/lib/jiti-cli.mjs');
	const args = [jiti, 'scripts/support-reply.ts', '--ticket', ticket, '--message', 'Fixed.'];
	const child = spawn(process.execPath, args, { env, stdio: 'ignore' });
	return new Promise((done) => child.on('exit', done));
}

/** Follows a link as the signed-in customer: a page (redirects followed), not the 404 page. */
async function expectPage(page: Page, link: string) {
	const response = await page.goto(link);
	expect(response?.status(), link).toBeLessThan(400);
	expect(new URL(page.url()).origin, link).toBe(site);
}

test('every link in every kind of mail the product sends leads to a page', async ({ page }) => {
	test.setTimeout(90_000);
	const email = uniqueEmail('links');
	await page.goto('/register');
	await page.getByLabel('First name').fill('Linn');
	await page.getByLabel('Last name').fill('Lenke');
	await page.getByLabel('Email').fill(email);
	await page.getByLabel('Password', { exact: true }).fill('mail-links-2026');
	await page.getByLabel('Confirm password').fill('mail-links-2026');
	await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
	await page.getByRole('button', { name: 'Create account' }).click();
	// The confirmation signs the customer in: the rest is followed as them.
	await expectPage(page, await linkMailedTo(email));

	const service = await buyServer(page);
	const opened = await page.request.post('/api/tickets', {
		data: { subject: 'Lag at night', department: 'technical', message: 'It lags after 22:00.' },
	});
	expect(opened.status()).toBe(201);
	expect(await supportReply(((await opened.json()) as { id: string }).id)).toBe(0);

	// Due in two days: the next billing run issues its renewal invoice and mails the notice.
	const due = new Date(Date.now() + 2 * 86_400_000).toISOString();
	const moved = await admin()
		.from('services')
		.update({ current_period_end: due })
		.eq('id', service);
	expect(moved.error).toBeNull();
	await expect
		.poll(async () => {
			await page.request.post('/api/cron/billing', {
				headers: { Authorization: `Bearer ${cronSecret}` },
				data: {},
			});
			return (await mailsTo(email)).map((mail) => mail.subject);
		})
		.toContainEqual(expect.stringMatching(/^Invoice /));

	const reset = await page.context().browser()!.newPage();
	await reset.goto('/forgot-password');
	await reset.getByLabel('Email').fill(email);
	await reset.getByRole('button', { name: 'Send reset link' }).click();
	await expect
		.poll(async () => (await mailsTo(email)).some((mail) => mail.html.includes('type=recovery')))
		.toBe(true);
	await reset.close();

	const links = new Set(
		(await mailsTo(email)).flatMap((mail) =>
			[...mail.html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]!.replace(/&amp;/g, '&')),
		),
	);
	expect(links.size).toBeGreaterThanOrEqual(6);
	for (const link of links) await expectPage(page, link);
});
