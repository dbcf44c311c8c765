import { expect, test, type Page } from './test';
import { islandsHydrated } from './islands';
import { panelCustomer, panelPaths } from './panel-routes';
import { everyLocalisedRoute } from './public-routes';
import { rawKeysOnPage } from './raw-keys';
import { localeCodes } from '../../src/i18n/locales';
import { localizePath } from '../../src/i18n/paths';

// Every page fits a 360 px phone: nothing wider than the screen, so nothing scrolls sideways.
// The phone project emulates a mobile browser, whose layout viewport grows to fit wide content,
// so the page's width is compared with the screen's 360 px rather than with innerWidth.
const phoneWidth = 360;

/** The page's width, and the innermost elements reaching past the phone's edge, to name them. */
async function overflowOf(page: Page) {
	return page.evaluate((limit) => {
		const past = (el: Element) => el.getBoundingClientRect().right > limit + 0.5;
		// What scrolls inside its own box (a wide table's wrapper) does not widen the page.
		const clipped = (el: Element): boolean => {
			const parent = el.parentElement;
			if (!parent || parent === document.body) return false;
			return getComputedStyle(parent).overflowX !== 'visible' || clipped(parent);
		};
		const wide = (el: Element) => past(el) && !clipped(el);
		const culprits = [...document.body.querySelectorAll('*')]
			.filter((el) => wide(el) && ![...el.children].some(wide))
			.slice(0, 3)
			.map(
				(el) =>
					`<${el.tagName.toLowerCase()} class="${el.className}"> ${el.textContent?.slice(0, 40)}`,
			);
		return { width: document.scrollingElement?.scrollWidth ?? 0, widest: culprits.join('; ') };
	}, phoneWidth);
}

async function expectFits(page: Page, path: string) {
	const { width, widest } = await overflowOf(page);
	expect.soft(width, `${path} is ${width} px wide (${widest})`).toBeLessThanOrEqual(phoneWidth);
	expect.soft(await rawKeysOnPage(page), `${path} shows raw UI keys`).toEqual([]);
}

test('@phone every public page fits a 360 px screen', async ({ page }) => {
	// Every route in one test, so one page (and, for the panel, one sign-in) serves them all.
	test.setTimeout(120_000);
	for (const { path } of everyLocalisedRoute) {
		await page.goto(path);
		await expectFits(page, path);
	}
});

test('@phone the site menu opens on a phone', async ({ page }) => {
	await page.goto('/de/terms-of-service');
	await page.locator('header details.site-menu summary').click();
	await expect(page.locator('header details.site-menu[open] nav a').first()).toBeVisible();
});

test('@phone every panel page fits a 360 px screen, in every language', async ({ page }) => {
	test.setTimeout(120_000);
	const paths = panelPaths(await panelCustomer(page));
	for (const locale of localeCodes)
		for (const path of paths.map((p) => localizePath(p, locale))) {
			await page.goto(path);
			if ((await page.locator('astro-island').count()) > 0) await islandsHydrated(page);
			await expect(page.locator('[data-skeleton]')).toHaveCount(0);
			await expect(page.locator('[data-load-error]'), path).toHaveCount(0);
			await expectFits(page, path);
		}
});
