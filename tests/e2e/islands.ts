import { expect, type Page } from '@playwright/test';

/**
 * Astro removes the `ssr` attribute once an island has hydrated; acting earlier races React.
 * `onLoad` leaves out `client:visible` islands, which hydrate only once scrolled to (the VPS
 * page's graphs and console, far below the controls a test uses); a test that needs one scrolls
 * to it and waits for that island itself.
 */
export async function islandsHydrated(page: Page, which: 'all' | 'onLoad' = 'all'): Promise<void> {
	await page.locator('astro-island').first().scrollIntoViewIfNeeded();
	const waiting = which === 'all' ? 'astro-island[ssr]' : 'astro-island[ssr]:not([client=visible])';
	await expect(page.locator(waiting)).toHaveCount(0);
}
