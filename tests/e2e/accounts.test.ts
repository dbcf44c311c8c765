import { expect, test } from './test';
import { demo, linkMailedTo, signIn, uniqueEmail } from './backend';

test('register, confirm from the mailbox, land in the panel signed in, sign out and keep the cart', async ({
	page,
}) => {
	const email = uniqueEmail('new');
	await page.goto('/register');
	await page.getByLabel('First name').fill('Astrid');
	await page.getByLabel('Last name').fill('Lindqvist');
	await page.getByLabel('Email').fill(email);
	await page.getByLabel('Password', { exact: true }).fill('fjord-lynx-harbor-42');
	await page.getByLabel('Confirm password').fill('fjord-lynx-harbor-42');
	await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
	await page.getByRole('button', { name: 'Create account' }).click();
	await expect(page.getByRole('status')).toContainText(email);

	await page.goto(await linkMailedTo(email));
	await expect(page).toHaveURL(/\/panel$/);
	await expect(page.locator('[data-welcome]')).toHaveText('Welcome, Astrid');
	// Nothing bought yet: the dashboard leads to the games instead of empty tables.
	const empty = page.locator('[data-empty-dashboard]');
	await expect(empty.getByRole('link', { name: 'Browse games' })).toHaveAttribute('href', '/games');

	await page.evaluate(() =>
		localStorage.setItem(
			'frostnode:cart',
			JSON.stringify({
				v: 1,
				item: {
					id: 'kept',
					planId: 'rust-standard',
					ram: 8,
					storageGb: 25,
					extras: [],
					cycle: 'monthly',
				},
			}),
		),
	);
	await page.locator('account-menu summary').click();
	await page.getByRole('button', { name: 'Sign out' }).click();
	await expect(page).toHaveURL(/\/login\?notice=signedOut$/);
	await page.goto('/panel');
	await expect(page).toHaveURL(/\/login\?next=%2Fpanel$/);
	expect(await page.evaluate(() => localStorage.getItem('frostnode:cart'))).toContain('kept');
});

test('a weak password is refused with its reasons, as you type and from the server', async ({
	page,
}) => {
	await page.goto('/register');
	const password = page.getByLabel('Password', { exact: true });
	await password.fill('password');
	await expect(page.locator('password-strength')).toContainText('Use at least 10 characters.');
	await page.getByLabel('First name').fill('Weak');
	await page.getByLabel('Last name').fill('Password');
	await page.getByLabel('Email').fill(uniqueEmail('weak'));
	await password.fill('password123');
	await page.getByLabel('Confirm password').fill('password123');
	await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
	await page.getByRole('button', { name: 'Create account' }).click();
	await expect(page.getByRole('alert')).toContainText('This password is too weak');
	await expect(page.getByRole('alert')).toContainText(/commonly used|frequently used|most used/);
});

test('wrong credentials and missing fields get the spec’s messages in the page’s language', async ({
	page,
}) => {
	await signIn(page, { email: demo.email, password: 'not-the-password' }, '/de/login');
	await expect(page.getByRole('alert')).toHaveText('Ungültige E-Mail oder Passwort');
	await signIn(page, { email: '', password: '' }, '/de/login');
	await expect(page.getByRole('alert')).toHaveText('Bitte fülle alle erforderlichen Felder aus');
});

test('reset the password through the mailbox, then sign in with the new one', async ({
	page,
	context,
	browser,
}) => {
	const email = uniqueEmail('reset');
	await page.goto('/register');
	await page.getByLabel('First name').fill('Reset');
	await page.getByLabel('Last name').fill('Me');
	await page.getByLabel('Email').fill(email);
	await page.getByLabel('Password', { exact: true }).fill('first-password-2026');
	await page.getByLabel('Confirm password').fill('first-password-2026');
	await page.getByRole('checkbox', { name: /I accept the terms/ }).check();
	await page.getByRole('button', { name: 'Create account' }).click();
	await page.goto(await linkMailedTo(email));
	await context.clearCookies();

	await page.goto('/forgot-password');
	await page.getByLabel('Email').fill(email);
	await page.getByRole('button', { name: 'Send reset link' }).click();
	const confirmation = await page.getByRole('status').textContent();
	expect(confirmation).toContain(`If an account exists for ${email}, a link to reset the password`);
	// Someone else asking about an address with no account gets the same answer.
	const stranger = await (await browser.newContext()).newPage();
	await stranger.goto('/forgot-password');
	await stranger.getByLabel('Email').fill(uniqueEmail('nobody'));
	await stranger.getByRole('button', { name: 'Send reset link' }).click();
	expect((await stranger.getByRole('status').textContent())?.replace(/\S+@\S+/, '')).toBe(
		confirmation?.replace(/\S+@\S+/, ''),
	);

	await expect.poll(async () => (await linkMailedTo(email)).includes('type=recovery')).toBe(true);
	await page.goto(await linkMailedTo(email));
	await expect(page).toHaveURL(/\/reset-password$/);
	await page.getByLabel('New password', { exact: true }).fill('second-password-2026');
	await page.getByLabel('Confirm new password').fill('second-password-2026');
	await page.getByRole('button', { name: 'Save new password' }).click();
	await expect(page.getByRole('status')).toHaveText('Password updated successfully');

	await context.clearCookies();
	await signIn(page, { email, password: 'second-password-2026' });
	await expect(page).toHaveURL(/\/panel$/);
});

test('too many failed sign-ins for one account give a clear wait message', async ({ page }) => {
	// Ten deliberately slow password checks (bcrypt) in a row: give them room on a busy machine.
	test.setTimeout(90_000);
	const who = { email: uniqueEmail('locked'), password: 'wrong-password-2026' };
	await expect
		.poll(
			async () => {
				await signIn(page, who);
				return page.getByRole('alert').textContent();
			},
			{ intervals: [0], timeout: 80_000 },
		)
		.toContain('Too many wrong passwords for this account');
});
