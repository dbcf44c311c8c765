import AxeBuilder from '@axe-core/playwright';
import de from '../../src/i18n/ui/de.json' with { type: 'json' };
import en from '../../src/i18n/ui/en.json' with { type: 'json' };
import { ed25519PublicKey } from '../ssh-public-key';
import { signIn } from './backend';
import { billingCustomer } from './fixtures';
import { islandsHydrated } from './islands';
import { checkoutToGateway } from './purchase';
import { expect, test } from './test';

// Issue 29: a VPS is configured with its operating system, hostname and sign-in. Windows waits for
// 4 GB, a wrong hostname or key says so in the visitor's language as it is typed, and a good
// choice goes through the cart (which shows it) and checkout to the payment page.

const cases = [
	{ locale: 'en', path: '/vps-hosting', t: en, cartKey: '1 SSH key' },
	{ locale: 'de', path: '/de/vps-hosting', t: de, cartKey: '1 SSH-Schlüssel' },
] as const;

for (const { locale, path, t, cartKey } of cases) {
	test(`a Debian VPS with an SSH key is configured, carted and checked out (${locale})`, async ({
		page,
	}) => {
		await signIn(page, await billingCustomer(0, 0));
		await page.goto(path);
		await islandsHydrated(page);
		// The page lists what can be ordered, from the same catalogue as the configurator.
		await expect(page.locator('section[aria-labelledby=specs-title]')).toContainText(
			'Debian 12 (Bookworm)',
		);
		await expect(page.locator('section[aria-labelledby=specs-title]')).not.toContainText(
			'Ubuntu 22.04',
		);
		const form = page.locator('[data-configurator]');
		const windows = form.getByRole('radio', { name: /Windows Server 2022/ });
		await expect(windows).toBeDisabled();
		await expect(form).toContainText(t['vps.configurator.osNeedsRam'].replace('{gb}', '4'));
		const ram = form.getByRole('slider');
		await ram.focus();
		await page.keyboard.press('ArrowRight');
		await expect(ram).toHaveAttribute('aria-valuetext', '4 GB');
		await expect(windows).toBeEnabled();
		await windows.check();
		await expect(form.locator('[data-vps-password-note]')).toHaveText(
			t['vps.configurator.passwordWindows'],
		);
		await expect(
			form.getByRole('radio', { name: t['vps.configurator.accessKeys'] }),
		).toBeDisabled();
		// Less RAM than Windows needs: the choice is undone, and the page says why.
		await ram.focus();
		await page.keyboard.press('ArrowLeft');
		await expect(windows).toBeDisabled();
		await expect(windows).not.toBeChecked();
		await expect(form.locator('[data-vps-image-problem]')).toHaveText(
			t['vps.configurator.osDropped'].replace('{name}', 'Windows Server 2022').replace('{gb}', '4'),
		);

		const hostname = form.getByRole('textbox', { name: t['vps.configurator.hostname'] });
		await hostname.fill('web.example');
		await expect(
			form.getByRole('alert').filter({ hasText: t['checkout.error.vps_hostname_invalid'] }),
		).toBeVisible();
		await form.getByRole('radio', { name: /Debian 12/ }).check();
		await form.getByRole('radio', { name: t['vps.configurator.accessKeys'] }).check();
		const key = ed25519PublicKey();
		const keys = form.getByRole('textbox', { name: t['vps.configurator.keys'] });
		await keys.fill(`${key}\nssh-ed25519 AAAAC3NzaC1lZDI1NTE5`);
		await expect(
			form
				.getByRole('alert')
				.filter({ hasText: t['vps.configurator.keyInvalid'].replace('{line}', '2') }),
		).toBeVisible();
		// A key with a character its delivery cannot carry (issue 38: U+0085 reached cloud-init).
		await keys.fill(`${key}\n${ed25519PublicKey('frost\u0085laptop')}`);
		await expect(
			form
				.getByRole('alert')
				.filter({ hasText: t['vps.configurator.keyCharacters'].replace('{line}', '2') }),
		).toBeVisible();
		// Not yet: "Add to cart" waits for a choice that can be ordered.
		await form.getByRole('button', { name: t['configurator.add'] }).click();
		await expect(page).not.toHaveURL(/\/cart$/);

		const { violations } = await new AxeBuilder({ page }).include('[data-vps-fields]').analyze();
		expect(
			violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
		).toEqual([]);

		await hostname.fill('Web-01');
		await keys.fill(key);
		await expect(form.getByRole('alert')).toHaveCount(0);
		await form.getByRole('button', { name: t['configurator.add'] }).click();
		await expect(page).toHaveURL(/\/cart$/);
		await expect(page.locator('[data-cart-vps]')).toHaveText(
			`Debian 12 (Bookworm) · web-01 · ${cartKey}`,
		);
		await checkoutToGateway(page);
	});
}
