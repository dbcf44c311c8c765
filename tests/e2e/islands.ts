import { expect, type Page } from '@playwright/test';

/**
 * Astro removes the `ssr` attribute once an island has hydrated; acting earlier races React. Each
 * island is brought into view first: a `client:visible` one (the VPS page's graphs) hydrates only
 * then.
 */
export async function islandsHydrated(page: Page): Promise<void> {
	for (const island of await page.locator('astro-island[ssr]').all())
		await island.scrollIntoViewIfNeeded().catch(() => undefined); // hydrated and replaced meanwhile
	await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}
