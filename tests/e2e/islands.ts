import { expect, type Page } from '@playwright/test';

/**
 * Astro removes the `ssr` attribute once an island has hydrated; acting earlier races React. Each
 * island still waiting is scrolled to, one frame each, without Playwright's visibility wait (a
 * hidden island would hold it for the whole test): a `client:visible` island, such as the VPS
 * page's graphs, hydrates only once seen.
 */
export async function islandsHydrated(page: Page): Promise<void> {
	for (const island of await page.$$('astro-island[ssr]'))
		await island
			.evaluate(
				(element) =>
					new Promise<void>((resolve) => {
						element.scrollIntoView({ block: 'nearest' });
						requestAnimationFrame(() => requestAnimationFrame(() => resolve()));
					}),
			)
			.catch(() => undefined); // replaced by its hydrated self meanwhile
	await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}
