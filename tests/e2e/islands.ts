import { expect, type Page } from '@playwright/test';

/**
 * Astro removes the `ssr` attribute once an island has hydrated; acting earlier races React. Each
 * island is scrolled to first (in the page, which does not wait for hidden ones): a
 * `client:visible` island, such as the VPS page's graphs, hydrates only once seen.
 */
export async function islandsHydrated(page: Page): Promise<void> {
	await page.evaluate(() => {
		for (const island of document.querySelectorAll('astro-island[ssr]')) island.scrollIntoView();
		window.scrollTo(0, 0);
	});
	await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}
