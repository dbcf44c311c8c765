import { expect, test } from './test';
import { linkMailedTo, signIn, uniqueEmail } from './backend';

test('profile and password changes, with the spec’s messages', async ({ page }) => {
	const email = uniqueEmail('profile');
	await page.goto('/de/register');
	await page.locator('input[name=firstName]').fill('Paula');
	await page.locator('input[name=lastName]').fill('Profil');
	await page.locator('input[name=email]').fill(email);
	await page.locator('input[name=password]').fill('profile-password-2026');
	await page.locator('input[name=confirmPassword]').fill('profile-password-2026');
	await page.locator('input[name=terms]').check();
	await page.locator('main form[method=post] button[type=submit]').click();
	await page.goto(await linkMailedTo(email));
	await expect(page).toHaveURL(/\/de\/panel$/);

	await page.goto('/de/panel/account/profile');
	await page.locator('input[name=city]').fill('Hamburg');
	await page.locator('select[name=country]').selectOption('DE');
	await page.locator('form[data-tab=profile] button[type=submit]').click();
	await expect(page.getByRole('status')).toHaveText('Profil erfolgreich aktualisiert');
	await page.reload();
	await expect(page.locator('input[name=city]')).toHaveValue('Hamburg');

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
