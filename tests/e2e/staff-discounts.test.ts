import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './test';
import { signIn } from './backend';
import { billingCustomer } from './fixtures';
import { addToCart, checkoutAndPay } from './purchase';
import { islandsHydrated } from './islands';
import { staffSignIn } from './staff';

// Issue 32: a discount code made in the console, in Norwegian, without SQL; a customer buys with
// it, the first invoice shows the discount, and the code's page counts the use.

test('a code staff create in Norwegian is used at checkout and counted on its page', async ({
	page,
	browser,
}) => {
	test.setTimeout(120_000);
	const code = `E2E${Date.now().toString(36).toUpperCase()}`;
	const staffContext = await browser.newContext();
	const staff = await staffContext.newPage();
	await staffSignIn(staff, '/no');
	await staff.goto('/no/staff/discounts');
	await islandsHydrated(staff);
	const { violations } = await new AxeBuilder({ page: staff }).analyze();
	expect(
		violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
	).toEqual([]);
	const form = staff.locator('[data-discount-create]');
	await form.getByLabel('Kode (A–Z, 0–9, - og _)').fill(code.toLowerCase());
	await form.getByLabel('Prosent rabatt').fill('40');
	await form.getByLabel('Maks antall bruk (valgfritt)').fill('5');
	await form.getByRole('button', { name: 'Opprett kode' }).click();
	const row = staff.locator(`[data-discount="${code}"]`);
	await expect(row).toContainText('40');
	await expect(row.locator('[data-uses]')).toHaveText('0 / 5');
	await expect(row).toContainText('Kan brukes');

	const customer = await billingCustomer(0, 0);
	await signIn(page, customer);
	await expect(page.locator('[data-dashboard]')).toBeVisible();
	await addToCart(page, '/palworld-server-hosting');
	await page.getByLabel('Discount code').fill(code);
	await page.getByRole('button', { name: 'Apply' }).click();
	await expect(page.locator('[data-line=discount]')).toContainText(`Discount ${code} (40 %)`);
	await checkoutAndPay(page, 'pay');

	await page.goto('/panel/billing');
	await page.locator('a[href*="/panel/billing/invoices/"]').first().click();
	await expect(page.locator('[data-sum=discount]')).toContainText(
		new RegExp(`Discount ${code} \\(40\\s?%\\)`),
	);

	await staff.locator(`[data-discount="${code}"] a`).click();
	await expect(staff).toHaveURL(new RegExp(`/no/staff/discounts/${code}$`));
	await expect(staff.locator('[data-uses]')).toHaveText('1 / 5');
	await expect(staff.locator('[data-discount-uses] tbody tr')).toHaveCount(1);
	await expect(staff.locator('[data-discount-uses]')).toContainText('Nora Kjøper');

	await islandsHydrated(staff);
	await staff.getByRole('button', { name: 'Avslutt nå' }).click();
	await expect(staff.locator(`[data-discount="${code}"]`)).toContainText('Kan ikke brukes');
	await staffContext.close();
});
