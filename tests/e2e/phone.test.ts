import { expect, test } from './test';

for (const path of ['/', '/games', '/da/minecraft-server-hosting', '/de/terms-of-service']) {
	test(`@phone ${path} fits a 360 px screen and its menu opens`, async ({ page }) => {
		await page.goto(path);
		const overflow = await page.evaluate(
			() => document.documentElement.scrollWidth - window.innerWidth,
		);
		expect(overflow).toBeLessThanOrEqual(0);
		await page.locator('header details.site-menu summary').click();
		await expect(page.locator('header details.site-menu[open] nav a').first()).toBeVisible();
	});
}
