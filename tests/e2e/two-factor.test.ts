import { readFileSync } from 'node:fs';
import { expect, test } from './test';
import { linkMailedTo, mailbox, signIn } from './backend';
import { newAccount } from './fixtures';
import { enterCode, nextCode, signOut, turnOn, wrongCode } from './two-factor-steps';

// Two-factor sign-in through the site, as a customer does it: turn it on in the Security tab with
// a code computed from the secret the page shows, sign out, sign in with password and code, a
// wrong or replayed code refused, and a recovery code that works once and removes the factor.

async function subjectsMailedTo(address: string): Promise<string[]> {
	const answer = await fetch(`${mailbox}/api/messages`);
	const { messages } = (await answer.json()) as { messages: { to: string[]; subject: string }[] };
	return messages.filter((m) => m.to.includes(address)).map((m) => m.subject);
}

test('English: turn it on, sign in with password and code; a wrong or used code is refused', async ({
	page,
}) => {
	const account = await newAccount('twofactor');
	await signIn(page, account);
	await expect(page).toHaveURL(/\/panel$/);
	const { app } = await turnOn(page, '');
	await expect
		.poll(() => subjectsMailedTo(account.email))
		.toContain('Two-factor sign-in is on for your Frostnode account');
	const enrolmentCode = app.generate();
	await signOut(page);

	await signIn(page, account, '/login?next=%2Fpanel%2Fbilling');
	await expect(page).toHaveURL(/\/login\/code\?next=%2Fpanel%2Fbilling$/);
	await expect(page.locator('h1')).toHaveText('Enter your code');
	// Half signed in: the panel and the API do not take the password's session yet.
	await page.goto('/panel');
	await expect(page).toHaveURL(/\/login\/code\?next=%2Fpanel$/);
	await page.goto('/checkout');
	await expect(page).toHaveURL(/\/login\/code\?next=%2Fcheckout$/);
	expect((await page.request.get('/api/panel/dashboard')).status()).toBe(401);
	const ticket = { subject: 'Lag at night', department: 'technical', message: 'Hello there' };
	expect((await page.request.post('/api/tickets', { data: ticket })).status()).toBe(401);

	await enterCode(page, wrongCode(app));
	await expect(page.getByRole('alert')).toHaveText(
		'That code is not right or has already been used. Enter the code your app shows now.',
	);
	// The code that turned it on cannot be used again in its window.
	await enterCode(page, enrolmentCode);
	await expect(page.getByRole('alert')).toContainText('already been used');

	// Right: on to where they were going last.
	await enterCode(page, nextCode(app));
	await expect(page).toHaveURL(/\/checkout$/);
	expect((await page.request.get('/api/panel/dashboard')).status()).toBe(200);
});

test('Norwegian: a recovery code signs in once and removes the factor; used again it is refused', async ({
	page,
}) => {
	const account = await newAccount('recovery');
	await signIn(page, account, '/no/login');
	await expect(page).toHaveURL(/\/no\/panel$/);
	const { codes } = await turnOn(page, '/no');
	await expect(page.locator('[data-step=recovery-codes]')).toContainText(
		'Gjenopprettingskodene dine',
	);
	await signOut(page);

	await signIn(page, account, '/no/login');
	await expect(page).toHaveURL(/\/no\/login\/code\?next=/);
	await enterCode(page, codes[3]!.toLowerCase());
	await expect(page).toHaveURL(/\/no\/panel\/account\/security\?notice=recovered$/);
	await expect(page.getByRole('status').first()).toContainText('gjenopprettingskode');
	await expect(page.locator('[data-two-factor-state]')).toHaveAttribute(
		'data-two-factor-state',
		'off',
	);
	await expect
		.poll(() => subjectsMailedTo(account.email))
		.toContain('En gjenopprettingskode ble brukt til å logge inn på Frostnode-kontoen din');

	// Set up again (the customer is asked to); the used code stays used, the old set is gone.
	await turnOn(page, '/no');
	await signOut(page);
	await signIn(page, account, '/no/login');
	await expect(page).toHaveURL(/\/no\/login\/code\?next=/);
	await enterCode(page, codes[3]!);
	await expect(page.getByRole('alert')).toHaveText(
		'Den gjenopprettingskoden er feil eller allerede brukt.',
	);
});

test('turning it off needs a current code, and sends its mail', async ({ page }) => {
	const account = await newAccount('twofactoroff');
	await signIn(page, account);
	const { app } = await turnOn(page, '');
	await page.goto('/panel/account/security');
	const off = page.locator('form[data-intent=mfa-disable]');
	await off.locator('input[name=code]').fill('12345');
	await off.locator('button').click();
	await expect(page.getByRole('alert')).toContainText('six-digit code');
	await expect(page.locator('[data-two-factor-state]')).toHaveAttribute(
		'data-two-factor-state',
		'on',
	);
	await page.locator('form[data-intent=mfa-disable] input[name=code]').fill(nextCode(app));
	await page.locator('form[data-intent=mfa-disable] button').click();
	await expect(page.getByRole('status').first()).toHaveText(
		'Two-factor sign-in is now off. Your recovery codes no longer work.',
	);
	await expect
		.poll(() => subjectsMailedTo(account.email))
		.toContain('Two-factor sign-in is off for your Frostnode account');
	// Off means off: the password alone signs in again.
	await signOut(page);
	await signIn(page, account);
	await expect(page).toHaveURL(/\/panel$/);
});

test('a reset link asks a two-factor customer for the code before the new password', async ({
	page,
	context,
}) => {
	const account = await newAccount('twofactor-reset');
	await signIn(page, account);
	const { app } = await turnOn(page, '');
	await signOut(page);
	await context.clearCookies();

	await page.goto('/forgot-password');
	await page.getByLabel('Email').fill(account.email);
	await page.getByRole('button', { name: 'Send reset link' }).click();
	await expect
		.poll(async () => (await linkMailedTo(account.email)).includes('type=recovery'))
		.toBe(true);
	await page.goto(await linkMailedTo(account.email));
	// The link signed them in with the mailbox only: the second factor comes before a new password.
	await expect(page).toHaveURL(/\/login\/code\?next=%2Freset-password$/);
	await enterCode(page, nextCode(app));
	await expect(page).toHaveURL(/\/reset-password$/);
	await page.getByLabel('New password', { exact: true }).fill('second-password-2026');
	await page.getByLabel('Confirm new password').fill('second-password-2026');
	await page.getByRole('button', { name: 'Save new password' }).click();
	await expect(page.getByRole('status')).toHaveText('Password updated successfully');
});

test('German: the recovery codes are copied and downloaded as a text file', async ({
	page,
	context,
}) => {
	await context.grantPermissions(['clipboard-read', 'clipboard-write']);
	const account = await newAccount('codes-keep');
	await signIn(page, account, '/de/login');
	await expect(page).toHaveURL(/\/de\/panel$/);
	const { codes } = await turnOn(page, '/de');
	const shown = page.locator('[data-step=recovery-codes]');

	await shown.getByRole('button', { name: 'Codes kopieren' }).click();
	await expect(
		shown.getByRole('status').filter({ hasText: 'In die Zwischenablage kopiert' }),
	).toBeVisible();
	expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(codes.join('\n'));

	const download = page.waitForEvent('download');
	await shown.getByRole('link', { name: 'Als Textdatei herunterladen' }).click();
	const file = await download;
	expect(file.suggestedFilename()).toBe('frostnode-wiederherstellungscodes.txt');
	const text = readFileSync((await file.path()) ?? '', 'utf8');
	expect(text).toContain('Deine Wiederherstellungscodes');
	expect(text).toContain(account.email);
	for (const code of codes) expect(text).toContain(`\n${code}\n`);
});
