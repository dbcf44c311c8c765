import { expect, test } from './test';
import { mailbox, signIn, uniqueEmail } from './backend';
import { admin, billingCustomer } from './fixtures';

// What a German customer receives is German: the auth service's confirmation mail (the project's
// own template, not Supabase's English default) and the lines of an invoice.

interface Mail {
	to: string[];
	subject: string;
	html: string;
}

test('a sign-up on the German site gets the confirmation mail in German, branded', async ({
	page,
}) => {
	const email = uniqueEmail('de');
	await page.goto('/de/register');
	await page.getByLabel('Vorname').fill('Jonas');
	await page.getByLabel('Nachname').fill('Becker');
	await page.getByLabel('E-Mail').fill(email);
	await page.getByLabel('Passwort', { exact: true }).fill('fjord-lynx-harbor-42');
	await page.getByLabel('Passwort bestätigen').fill('fjord-lynx-harbor-42');
	await page.getByRole('checkbox', { name: /Ich akzeptiere/ }).check();
	await page.getByRole('button', { name: 'Konto erstellen' }).click();
	await expect(page.getByRole('status')).toContainText(email);

	let mail: Mail | undefined;
	await expect
		.poll(async () => {
			const { messages } = (await (await fetch(`${mailbox}/api/messages`)).json()) as {
				messages: Mail[];
			};
			mail = messages.find((m) => m.to.includes(email));
			return mail?.subject;
		})
		.toBe('Bestätige dein Frostnode-Konto');
	expect(mail!.html).toContain('Frostnode');
	expect(mail!.html).toContain('Bestätige deine E-Mail-Adresse');
	expect(mail!.html).not.toContain('Confirm');

	const link = mail!.html.match(/href="([^"]+)"/)![1]!.replace(/&amp;/g, '&');
	await page.goto(link);
	await expect(page).toHaveURL(/\/de\/panel$/);
});

test('an invoice’s lines read in German on the German panel', async ({ page }) => {
	const customer = await billingCustomer(1, 0);
	const invoice = customer.paid[0]!;
	const { error } = await admin()
		.from('invoice_items')
		.update({
			line: {
				kind: 'plan',
				plan: 'palworld-standard',
				tier: 'standard',
				ramGb: 8,
				cycle: 'monthly',
			},
		})
		.eq('invoice_id', invoice.id);
	expect(error).toBeNull();
	await signIn(page, customer, '/de/login');
	await expect(page).toHaveURL(/\/de\/panel/);
	await page.goto(`/de/panel/billing/invoices/${invoice.id}`);
	await expect(page.getByText('Palworld (Standard), 8 GB RAM, monatlich')).toBeVisible();
	await expect(page.getByText('Palworld server, 8 GB RAM')).toHaveCount(0);
});

test('a customer who switches the profile language gets the auth service’s mails in it', async ({
	page,
}) => {
	const email = uniqueEmail('switch');
	const password = 'fjord-lynx-harbor-42';
	const created = await admin().auth.admin.createUser({
		email,
		password,
		email_confirm: true,
		user_metadata: { first_name: 'Jonas', last_name: 'Becker', locale: 'de' },
	});
	expect(created.error).toBeNull();
	await signIn(page, { email, password }, '/de/login');
	await expect(page).toHaveURL(/\/de\/panel/);
	await page.goto('/de/panel/account/profile');
	await page.locator('select[name=preferred_locale]').selectOption('no');
	await page.locator('form[data-tab=profile] button[type=submit]').click();
	await expect(page.getByRole('status')).toBeVisible();

	await page.context().clearCookies();
	await page.goto('/no/forgot-password');
	await page.getByLabel('E-post').fill(email);
	await page.getByRole('button', { name: 'Send lenke for tilbakestilling' }).click();
	await expect
		.poll(async () => {
			const { messages } = (await (await fetch(`${mailbox}/api/messages`)).json()) as {
				messages: Mail[];
			};
			return messages.find((m) => m.to.includes(email))?.subject;
		})
		.toBe('Tilbakestill passordet ditt hos Frostnode');
});
