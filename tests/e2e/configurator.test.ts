import AxeBuilder from '@axe-core/playwright';
import { expect, test } from './test';
import { islandsHydrated } from './islands';

test('the configurator prices every change and puts the configuration in the cart', async ({
	page,
}) => {
	await page.goto('/palworld-server-hosting');
	await islandsHydrated(page);
	const form = page.locator('[data-configurator]');
	await expect(form.locator('[data-price-per-month]')).toHaveText('€6.00 per month');

	const ram = form.getByRole('slider', { name: 'Memory (RAM)' });
	await ram.focus();
	await page.keyboard.press('ArrowRight');
	await expect(ram).toHaveAttribute('aria-valuetext', '8 GB');
	await expect(form.locator('[data-price-per-month]')).toHaveText('€8.00 per month');

	await form.getByRole('radio', { name: /100 GB/ }).check();
	await form.getByRole('checkbox', { name: /subdomain/ }).check();
	// The subdomain is ordered with its name, checked as it is typed: the rules, then whether it is free.
	const name = form.getByRole('textbox', { name: 'Your subdomain' });
	await name.fill('www');
	await expect(form.getByRole('alert')).toHaveText('This name is reserved. Please choose another.');
	// Look-alikes of the brand and the site's names too (issue 38).
	await name.fill('billing-fr0stnode');
	await expect(form.getByRole('alert')).toHaveText('This name is reserved. Please choose another.');
	await form.getByRole('button', { name: 'Add to cart' }).click();
	await expect(page).not.toHaveURL(/\/cart$/);
	const label = `pal-${Math.random().toString(36).slice(2, 10)}`;
	await name.fill(label.toUpperCase());
	await expect(form.getByText(`Available: ${label}.play.frostnode.example`)).toBeVisible();
	// The cycle discount is on the RAM price only (storage and extras are not discounted).
	const quarterly = form.locator('label').filter({ hasText: 'Quarterly' });
	await expect(quarterly).toContainText('10 % off the RAM price');
	await quarterly.getByRole('radio').check();
	// (8 × 3 × 0.9) + (4 + 1) × 3 = 36.60 for three months.
	await expect(form.locator('[data-price-cycle]')).toContainText('€36.60 billed every 3 months');
	await expect(form.locator('[data-price-cycle]')).toContainText('You save €2.40');

	await form.getByRole('button', { name: 'Add to cart' }).click();
	await expect(page).toHaveURL(/\/cart$/);
	const item = page.locator('[data-cart-item]');
	await expect(item).toContainText('Palworld · Standard');
	await expect(item).toContainText(`8 GB RAM · 100 GB · Your own subdomain: ${label} · Quarterly`);
	// The English site taxes at Norway's 25 % until checkout knows the billing country.
	await expect(page.locator('[data-line=subtotal]')).toContainText('€36.60');
	await expect(page.locator('[data-line=tax]')).toContainText('VAT 25 %');
	await expect(page.locator('[data-line=tax]')).toContainText('€9.15');
	await expect(page.locator('[data-line=total]')).toContainText('€45.75');
});

test('the VPS configurator shows cores and NVMe for the chosen RAM', async ({ page }) => {
	await page.goto('/de/vps-hosting');
	await islandsHydrated(page);
	const form = page.locator('[data-configurator]');
	const ram = form.getByRole('slider');
	await ram.focus();
	await page.keyboard.press('End');
	await expect(ram).toHaveAttribute('aria-valuetext', '16 GB');
	await expect(form).toContainText('8 vCPU');
	await expect(form).toContainText('90 GB NVMe');
	await expect(form.locator('[data-price-per-month]')).toContainText('33,00');
});

test('currency choice changes prices and is remembered across pages', async ({ page }) => {
	await page.goto('/valheim-server-hosting');
	await islandsHydrated(page);
	const form = page.locator('[data-configurator]');
	await form.getByRole('combobox').selectOption('NOK');
	await expect(form.locator('[data-price-per-month]')).toHaveText('NOK 50.00 per month');
	await page.goto('/rust-server-hosting');
	await islandsHydrated(page);
	await expect(page.locator('[data-configurator] [data-price-per-month]')).toHaveText(
		'NOK 60.00 per month',
	);
});

test('the Minecraft page offers both tiers and keeps modpacks for Minecraft only', async ({
	page,
}) => {
	await page.goto('/minecraft-server-hosting');
	await islandsHydrated(page);
	await expect(page.locator('[data-plan]')).toHaveCount(2);
	const form = page.locator('[data-configurator]');
	await form.getByRole('radio', { name: /Premium/ }).check();
	await expect(form.locator('[data-price-per-month]')).toHaveText('€2.00 per month');
	await expect(form.getByRole('checkbox', { name: 'Modpack installation' })).toBeVisible();
	await page.goto('/rust-server-hosting');
	await islandsHydrated(page);
	await expect(
		page.locator('[data-configurator]').getByRole('checkbox', { name: 'Modpack installation' }),
	).toHaveCount(0);
});

test('a game page has a Product offer at its from price and no accessibility violations', async ({
	page,
}) => {
	await page.goto('/da/terraria-server-hosting');
	const product = await page
		.locator('script[type="application/ld+json"]')
		.evaluateAll((nodes) =>
			nodes
				.map((n) => JSON.parse(n.textContent ?? '{}') as Record<string, unknown>)
				.find((d) => d['@type'] === 'Product'),
		);
	expect(product).toMatchObject({
		offers: { '@type': 'Offer', price: '40.00', priceCurrency: 'DKK' },
	});
	const { violations } = await new AxeBuilder({ page }).analyze();
	expect(
		violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
	).toEqual([]);
});

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false });
	test('the plans and from prices show, and no dead configurator does', async ({ page }) => {
		await page.goto('/minecraft-server-hosting');
		await expect(page.locator('[data-plan="minecraft-budget"]')).toContainText(
			'from €1.00 per month',
		);
		await expect(page.locator('[data-plan="minecraft-premium"]')).toContainText(
			'from €2.00 per month',
		);
		await expect(page.locator('[data-configurator]')).toBeHidden();
	});
});

test('choices and "Add to cart" made before the configurator has hydrated are kept', async ({
	page,
}) => {
	// Hold the island's code back until the visitor has clicked, as on a slow connection.
	let release!: () => void;
	const held = new Promise<void>((resolve) => (release = resolve));
	await page.route('**/_astro/Configurator*.js', async (route) => {
		await held;
		await route.continue();
	});
	await page.goto('/palworld-server-hosting');
	const form = page.locator('[data-configurator]');
	await form.scrollIntoViewIfNeeded();
	await form.getByRole('radio', { name: /100 GB/ }).check();
	await form.getByRole('checkbox', { name: /subdomain/ }).check();
	await form.getByRole('radio', { name: /Quarterly/ }).check();
	const top = await form.evaluate((element) => element.getBoundingClientRect().top);
	release();
	await islandsHydrated(page);
	await expect(form.getByRole('radio', { name: /100 GB/ })).toBeChecked();
	await expect(form.getByRole('checkbox', { name: /subdomain/ })).toBeChecked();
	// (6 × 3 × 0.9) + (4 + 1) × 3 = 31.20 for three months: the early choices are priced.
	await expect(form.locator('[data-price-cycle]')).toContainText('€31.20 billed every 3 months');
	expect(await form.evaluate((element) => element.getBoundingClientRect().top)).toBe(top);
});

test('"Add to cart" pressed before the configurator has hydrated still fills the cart', async ({
	page,
}) => {
	await page.route('**/_astro/Configurator*.js', (route) => route.abort());
	await page.goto('/palworld-server-hosting');
	const form = page.locator('[data-configurator]');
	await form.getByRole('radio', { name: /100 GB/ }).check();
	await form.getByRole('radio', { name: /Quarterly/ }).check();
	await form.getByRole('button', { name: 'Add to cart' }).click();
	await expect(page).toHaveURL(/\/cart$/);
	await expect(page.locator('[data-cart-item]')).toContainText('6 GB RAM · 100 GB · Quarterly');
});
