import { expect, test, type Page } from './test';
import { islandsHydrated } from './islands';

async function cartWithPalworld(page: Page) {
	await page.goto('/palworld-server-hosting');
	await islandsHydrated(page);
	await page.locator('[data-configurator]').getByRole('button', { name: 'Add to cart' }).click();
	await expect(page).toHaveURL(/\/cart$/);
}

async function applyCode(page: Page, code: string) {
	await page.getByLabel('Discount code').fill(code);
	await page.getByRole('button', { name: 'Apply' }).click();
}

test('a code the backend knows is applied to the total and survives a reload', async ({ page }) => {
	// The home page's banner promises what the cart then gives: a share of the first invoice.
	const offer = '25 % off your first invoice';
	await page.goto('/');
	await expect(page.getByRole('complementary', { name: 'Pick a game' })).toContainText(
		`${offer} with code SP25`,
	);
	await cartWithPalworld(page);
	await applyCode(page, 'sp25');
	await expect(page.locator('[data-discount-applied]')).toContainText(
		`Code SP25 applied: ${offer}.`,
	);
	// €6.00 − 25 % = €4.50, plus Norway's 25 % VAT = €5.63 (5.625 rounded half away from zero).
	await expect(page.locator('[data-line=discount]')).toContainText('Discount SP25 (25 %)');
	await expect(page.locator('[data-line=discount]')).toContainText('−€1.50');
	await expect(page.locator('[data-line=total]')).toContainText('€5.63');
	await page.reload();
	await expect(page.locator('[data-line=total]')).toContainText('€5.63');
	// After the reload the island hydrates again; a click before that is lost on a busy machine.
	await islandsHydrated(page);
	await page.getByRole('button', { name: 'Remove code' }).click();
	await expect(page.locator('[data-line=total]')).toContainText('€7.50');
});

test('the 100 % demo code leaves nothing to pay today', async ({ page }) => {
	await cartWithPalworld(page);
	await applyCode(page, 'TEST123');
	await expect(page.locator('[data-line=total]')).toContainText('€0.00');
});

test('an unknown code gives no discount and says so', async ({ page }) => {
	await cartWithPalworld(page);
	await applyCode(page, 'NOSUCHCODE');
	await expect(page.getByRole('alert')).toHaveText(/This code is not valid or has expired/);
	await expect(page.locator('[data-line=discount]')).toHaveCount(0);
	await expect(page.locator('[data-line=total]')).toContainText('€7.50');
});

test('a stored code the backend no longer accepts is removed when the cart is restored', async ({
	page,
}) => {
	await cartWithPalworld(page);
	await page.evaluate(() =>
		localStorage.setItem('frostnode:discount', JSON.stringify({ code: 'EXPIRED1', percent: 50 })),
	);
	await page.reload();
	await expect(page.getByRole('alert')).toContainText('no longer valid');
	await expect(page.locator('[data-line=total]')).toContainText('€7.50');
});

test('the discount codes never ship in the page bundles', async ({ page, request }) => {
	await cartWithPalworld(page);
	const scripts = await page
		.locator('script[src], astro-island')
		.evaluateAll((nodes) =>
			nodes
				.flatMap((n) => [
					n.getAttribute('src'),
					n.getAttribute('component-url'),
					n.getAttribute('renderer-url'),
				])
				.filter(Boolean),
		);
	for (const src of scripts)
		expect(await (await request.get(src!)).text()).not.toMatch(/TEST123|FEB25/);
});
