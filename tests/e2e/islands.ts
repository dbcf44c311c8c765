import { expect, type Page } from '@playwright/test';

/** Astro removes the `ssr` attribute once an island has hydrated; acting earlier races React. */
export async function islandsHydrated(page: Page): Promise<void> {
	await page.locator('astro-island').first().scrollIntoViewIfNeeded();
	await expect(page.locator('astro-island[ssr]')).toHaveCount(0);
}
