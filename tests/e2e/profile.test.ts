import type { Page } from '@playwright/test';
import { expect, test } from './test';
import { linkMailedTo, signIn, uniqueEmail } from './backend';

async function registerAndConfirm(page: Page, email: string, prefix = '') {
	await page.goto(`${prefix}/register`);
	await page.locator('input[name=firstName]').fill('Paula');
	await page.locator('input[name=lastName]').fill('Profil');
	await page.locator('input[name=email]').fill(email);
	await page.locator('input[name=password]').fill('profile-password-2026');
	await page.locator('input[name=confirmPassword]').fill('profile-password-2026');
	await page.locator('input[name=terms]').check();
	await page.locator('form[data-sign-up] button[type=submit]').click();
	await page.goto(await linkMailedTo(email));
	await expect(page).toHaveURL(new RegExp(`${prefix}/panel$`));
}

test('profile and password changes, with the spec’s messages', async ({ page }) => {
	const email = uniqueEmail('profile');
	await registerAndConfirm(page, email, '/de');

	await page.goto('/de/panel/account/profile');
	// Postcode and city sit side by side on one line.
	const top = (name: string) =>
		page.locator(`input[name=${name}]`).evaluate((input) => input.getBoundingClientRect().top);
	expect(await top('postal_code')).toBe(await top('city'));
	await expect(page.locator('account-menu [data-name]')).toHaveText('Paula');
	await page.locator('input[name=first_name]').fill('Paulina');
	await page.locator('input[name=city]').fill('Hamburg');
	await page.locator('select[name=country]').selectOption('DE');
	await page.locator('form[data-tab=profile] button[type=submit]').click();
	await expect(page.getByRole('status')).toHaveText('Profil erfolgreich aktualisiert');
	await page.reload();
	await expect(page.locator('input[name=city]')).toHaveValue('Hamburg');
	// The header's name is the profile's: a new first name shows there at once.
	await expect(page.locator('account-menu [data-name]')).toHaveText('Paulina');

	await page.goto('/de/panel/account/profile?tab=password');
	await expect(page.locator('form[data-tab=password]')).toBeVisible();
	const form = page.locator('form[data-tab=password]');
	await form.locator('input[name=currentPassword]').fill('profile-password-2026');
	await form.locator('input[name=newPassword]').fill('new-profile-password-26');
	await form.locator('input[name=confirmPassword]').fill('something-else-entirely');
	await form.locator('button[type=submit]').click();
	await expect(page.getByRole('alert')).toHaveText('Bitte überprüfe deine Passwort-Eingaben');

	await form.locator('input[name=currentPassword]').fill('not-my-password-2026');
	await form.locator('input[name=newPassword]').fill('new-profile-password-26');
	await form.locator('input[name=confirmPassword]').fill('new-profile-password-26');
	await form.locator('button[type=submit]').click();
	await expect(page.getByRole('alert')).toHaveText('Das aktuelle Passwort ist falsch');

	await form.locator('input[name=currentPassword]').fill('profile-password-2026');
	await form.locator('input[name=newPassword]').fill('new-profile-password-26');
	await form.locator('input[name=confirmPassword]').fill('new-profile-password-26');
	await form.locator('button[type=submit]').click();
	await expect(page.getByRole('status')).toHaveText('Passwort erfolgreich aktualisiert');

	await page.context().clearCookies();
	await signIn(page, { email, password: 'new-profile-password-26' }, '/de/login');
	await expect(page).toHaveURL(/\/de\/panel$/);
});

test('change the e-mail address, confirmed from both mailboxes', async ({ page }) => {
	test.setTimeout(60_000);
	const before = uniqueEmail('before');
	const after = uniqueEmail('after');
	await registerAndConfirm(page, before);
	await page.goto('/panel/account/profile');
	const form = page.locator('form[data-tab=email]');
	await expect(form.locator('input[name=email]')).toHaveValue(before);
	await form.locator('input[name=email]').fill(before.toUpperCase());
	await form.locator('button[type=submit]').click();
	await expect(page.getByRole('alert')).toHaveText('This is already your e-mail address.');
	await form.locator('input[name=email]').fill(after);
	await form.locator('button[type=submit]').click();
	await expect(page.getByRole('status')).toContainText('we sent confirmation links');
	await expect(form.locator('input[name=email]')).toHaveValue(before);
	await page.goto('/panel/account/profile');
	await expect(form.getByText(`Waiting for confirmation of ${after}.`)).toBeVisible();
	await expect(form.locator('input[name=email]')).toHaveValue(before);

	await page.goto(await linkMailedTo(before));
	// The browser keeps the auth service's #message fragment through the redirects.
	await expect(page).toHaveURL(/\/panel\/account\/profile\?email=halfway(#.*)?$/);
	await expect(page.getByRole('status')).toHaveText(
		'One link confirmed. Now open the link we sent to your other address.',
	);
	await page.goto(await linkMailedTo(after));
	await expect(page).toHaveURL(/\/panel\/account\/profile\?email=changed(#.*)?$/);
	await expect(page.getByRole('status')).toHaveText('Your e-mail address has been changed.');
	await expect(form.locator('input[name=email]')).toHaveValue(after);
	await expect(form.locator('[data-email-pending]')).toHaveCount(0);
});

test('refused changes say why, keep what was typed and save nothing', async ({ page }) => {
	const email = uniqueEmail('profile-refused');
	await registerAndConfirm(page, email);
	await page.goto('/panel/account/profile');
	const profile = page.locator('form[data-tab=profile]');
	await profile.locator('input[name=first_name]').fill('');
	await profile.locator('input[name=city]').fill('Bergen');
	const response = page.waitForResponse((r) => r.request().method() === 'POST');
	await profile.locator('button[type=submit]').click();
	expect((await response).status()).toBe(400);
	await expect(page.getByRole('alert')).toHaveText('Please fill in all required fields');
	await expect(profile.locator('input[name=city]')).toHaveValue('Bergen');

	const change = page.locator('form[data-tab=email]');
	await change.locator('input[name=email]').fill('not-an-address');
	await change.locator('button[type=submit]').click();
	await expect(page.getByRole('alert')).toHaveText('Please enter a valid email address');
	await expect(change.locator('input[name=email]')).toHaveValue('not-an-address');

	await page.goto('/panel/account/profile');
	await expect(profile.locator('input[name=first_name]')).toHaveValue('Paula');
	await expect(profile.locator('input[name=city]')).toHaveValue('');
	await expect(change.locator('input[name=email]')).toHaveValue(email);
});
