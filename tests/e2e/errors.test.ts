import { expect, test } from './test';

test('an unknown path gets the 404 page in the language of the path, naming the path', async ({
	page,
}) => {
	const response = await page.goto('/da/no-such-page');
	expect(response?.status()).toBe(404);
	await expect(page.locator('html')).toHaveAttribute('lang', 'da');
	await expect(page.getByRole('heading', { level: 1 })).not.toHaveText('Page Not Found');
	await expect(page.getByText('/da/no-such-page')).toBeVisible();
	await page.getByRole('link', { name: /forside/i }).click();
	await expect(page).toHaveURL(/\/da$/);
});

test('an unknown English path says Page Not Found and is not indexed', async ({ page }) => {
	const response = await page.goto('/games/unknown');
	expect(response?.status()).toBe(404);
	await expect(page.getByRole('heading', { level: 1 })).toHaveText('Page Not Found');
	await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
});
