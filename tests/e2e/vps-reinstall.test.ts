import { expect, test, type Page } from './test';
import { signIn } from './backend';
import { newAccount } from './fixtures';
import { islandsHydrated } from './islands';

// Issue 31: a customer saves an SSH key on the Security tab, resets their VPS's root password
// (shown once, and said to work now: the simulated machine runs), then reinstalls it with the
// saved key after typing its hostname; in English, and in Norwegian with a new password instead.

const sshKey =
	'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIAcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcHBwcH frost@laptop';

/** A running VPS with a generated password, ordered and paid through the site; its service id. */
async function runningVps(page: Page, hostname: string): Promise<string> {
	const answer = await page.request.post('/api/checkout', {
		data: {
			item: {
				planId: 'vps-premium',
				ram: 2,
				storageGb: null,
				extras: [],
				cycle: 'monthly',
				currency: 'EUR',
				price: 1,
				vps: { image: 'debian-12', hostname },
			},
			billing: {
				name: 'Sigrid Berg',
				address: 'Storgata 1',
				postcode: '0155',
				city: 'Oslo',
				country: 'NO',
			},
			method: 'card',
			idempotencyKey: `vps-${Math.random().toString(36).slice(2, 12)}`,
			total: 1,
			locale: 'en',
		},
	});
	expect(answer.status()).toBe(201);
	const { paymentUrl, orderId } = (await answer.json()) as { paymentUrl: string; orderId: string };
	await page.goto(paymentUrl);
	await page.locator('button[value=pay]').click();
	await expect(page.locator('[data-order-stage=running]')).toBeVisible({ timeout: 30_000 });
	const status = (await (await page.request.get(`/api/orders/${orderId}`)).json()) as {
		service: { id: string };
	};
	return status.service.id;
}

/** Resets the root password: the section asks first (`confirm` answers it). */
async function resetPassword(page: Page, button: string, confirm: string, now: string) {
	await page.locator('[data-vps-password-reset] button').filter({ hasText: button }).click();
	await page.locator('[data-vps-password-reset] button').filter({ hasText: confirm }).click();
	const value = page.locator('[data-vps-password-reset] [data-password-value]');
	await expect(value).toHaveText(/^[A-Za-z2-9]{20}$/);
	await expect(page.locator('[data-password-applied=now]')).toHaveText(now);
}

test('saves a key, resets the root password once and reinstalls with the key', async ({ page }) => {
	await signIn(page, await newAccount('vps-reinstall'));
	await expect(page).toHaveURL(/\/panel$/);
	await page.goto('/panel/account/security');
	await islandsHydrated(page, 'onLoad');
	const keys = page.locator('[data-ssh-keys]');
	await keys.locator('input[name=name]').fill('Laptop');
	await keys.locator('textarea[name=publicKey]').fill(sshKey);
	await keys.getByRole('button', { name: 'Add key' }).click();
	await expect(keys.locator('[data-ssh-key=Laptop]')).toContainText('SHA256:');
	await keys.locator('textarea[name=publicKey]').fill('ssh-ed25519 AAAA cut');
	await keys.locator('input[name=name]').fill('Cut');
	await keys.getByRole('button', { name: 'Add key' }).click();
	await expect(keys).toContainText('This is not an OpenSSH public key');
	await keys.locator('textarea[name=publicKey]').fill(sshKey.replace(/ (\S+)$/, ' frost\u2028$1'));
	await keys.getByRole('button', { name: 'Add key' }).click();
	await expect(keys).toContainText('This key holds a character it cannot be delivered with');

	const id = await runningVps(page, 'rein-e2e');
	await page.goto(`/panel/vps/${id}`);
	await islandsHydrated(page, 'onLoad');
	await resetPassword(page, 'Reset password', 'Reset it now', 'The password works now.');
	await expect(page.locator('[data-vps-password-reset]')).toContainText('shown only once');

	const form = page.locator('[data-vps-reinstall]');
	await expect(form).toContainText('Every file on this server is deleted');
	await form.locator('select[name=image]').selectOption('ubuntu-24.04');
	await form.getByLabel('Laptop').check();
	const submit = form.getByRole('button', { name: 'Reinstall and delete everything' });
	await form.locator('input[name=confirm]').fill('rein-e2e-wrong');
	await expect(submit).toBeDisabled();
	await form.locator('input[name=confirm]').fill('rein-e2e');
	await submit.click();
	const done = page.locator('[data-vps-reinstalled]');
	await expect(done).toContainText('Reinstalled with Ubuntu', { timeout: 30_000 });
	await expect(done).toContainText('Sign in as root with your SSH key.');

	// Shown once: the page has no password after a reload.
	await page.reload();
	await islandsHydrated(page, 'onLoad');
	await expect(page.locator('[data-vps-new-password]')).toHaveCount(0);
	await expect(page.locator('[data-fact=hostname]')).toHaveText('rein-e2e');
});

test('in Norwegian: a new password now, and a reinstall without keys shows one', async ({
	page,
}) => {
	await signIn(page, await newAccount('vps-reinstall-no'));
	await expect(page).toHaveURL(/\/panel$/);
	const id = await runningVps(page, 'rein-no-e2e');
	await page.goto(`/no/panel/vps/${id}`);
	await islandsHydrated(page, 'onLoad');
	await resetPassword(page, 'Tilbakestill passord', 'Tilbakestill nå', 'Passordet virker nå.');
	const form = page.locator('[data-vps-reinstall]');
	await expect(form).toContainText('Alle filer på serveren slettes');
	await form.locator('input[name=confirm]').fill('rein-no-e2e');
	await form.getByRole('button', { name: 'Installer på nytt og slett alt' }).click();
	const done = page.locator('[data-vps-reinstalled]');
	await expect(done).toContainText('Installert på nytt med Debian', { timeout: 30_000 });
	await expect(done.locator('[data-password-value]')).toHaveText(/^[A-Za-z2-9]{20}$/);
	await expect(done).toContainText('vises bare én gang');
});

test('another customer’s VPS page is not found', async ({ page }) => {
	await signIn(page, await newAccount('vps-owner'));
	await expect(page).toHaveURL(/\/panel$/);
	const id = await runningVps(page, 'mine-e2e');
	await page.context().clearCookies();
	await signIn(page, await newAccount('vps-stranger'));
	await expect(page).toHaveURL(/\/panel$/);
	const response = await page.goto(`/panel/vps/${id}`);
	expect(response?.status()).toBe(404);
	const refused = await page.request.post(`/api/services/${id}/password`, { data: {} });
	expect(refused.status()).toBe(404);
});
