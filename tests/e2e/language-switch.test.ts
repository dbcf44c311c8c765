import { expect, test } from './test';

test('switching language keeps the page and remembers the choice for 365 days', async ({
	page,
	context,
}) => {
	await page.goto('/rust-server-hosting');
	await page
		.getByRole('group')
		.first()
		.waitFor({ state: 'attached' })
		.catch(() => undefined);
	await page.locator('.language-switch summary').click();
	await page.getByRole('link', { name: 'Dansk' }).click();
	await expect(page).toHaveURL(/\/da\/rust-server-hosting$/);
	await expect(page.locator('html')).toHaveAttribute('lang', 'da');

	const cookie = (await context.cookies()).find((c) => c.name === 'locale');
	expect(cookie?.value).toBe('da');
	const days = ((cookie?.expires ?? 0) - Date.now() / 1000) / 86_400;
	expect(days).toBeGreaterThan(364);
	expect(days).toBeLessThanOrEqual(365);

	await page.locator('.language-switch summary').click();
	await page.getByRole('link', { name: 'English' }).click();
	await expect(page).toHaveURL(/\/rust-server-hosting$/);
	await expect(page.locator('html')).toHaveAttribute('lang', 'en');
});

test('every page offers every other language for the same page', async ({ page }) => {
	await page.goto('/no/terms-of-service');
	const links = page.locator('.language-switch a[data-locale]');
	await expect(links).toHaveCount(4);
	const hrefs = await links.evaluateAll((anchors) => anchors.map((a) => a.getAttribute('href')));
	expect(hrefs.sort()).toEqual([
		'/da/terms-of-service',
		'/de/terms-of-service',
		'/no/terms-of-service',
		'/terms-of-service',
	]);
});
