import { expect, test, type Page } from './test';
import { islandsHydrated } from './islands';
import { panelCustomer, panelPaths } from './panel-routes';
import { everyLocalisedRoute } from './public-routes';
import { rawKeysOnPage } from './raw-keys';
import { localeCodes } from '../../src/i18n/locales';
import { localizePath } from '../../src/i18n/paths';
import en from '../../src/i18n/ui/en.json' with { type: 'json' };
import no from '../../src/i18n/ui/no.json' with { type: 'json' };
import da from '../../src/i18n/ui/da.json' with { type: 'json' };
import de from '../../src/i18n/ui/de.json' with { type: 'json' };
import { newAccount } from './fixtures';
import { signIn } from './backend';

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

/**
 * Links that are not wholly in sight: past the screen's edges, cut off by a box that clips or
 * scrolls them, or with their own text truncated.
 */
async function hiddenLinks(page: Page, navName: string) {
	return page
		.getByRole('navigation', { name: navName })
		.getByRole('link')
		.evaluateAll((links, limit) => {
			const inside = (inner: DOMRect, outer: DOMRect) =>
				inner.left >= outer.left - 0.5 &&
				inner.right <= outer.right + 0.5 &&
				inner.top >= outer.top - 0.5 &&
				inner.bottom <= outer.bottom + 0.5;
			const screen = new DOMRect(0, 0, limit, window.innerHeight * 10);
			return links
				.filter((link) => {
					const box = link.getBoundingClientRect();
					if (!inside(box, screen) || link.scrollWidth > link.clientWidth) return true;
					for (let up = link.parentElement; up && up !== document.body; up = up.parentElement)
						if (
							getComputedStyle(up).overflowX !== 'visible' &&
							!inside(box, up.getBoundingClientRect())
						)
							return true;
					return false;
				})
				.map((link) => link.textContent?.trim() ?? '');
		}, phoneWidth);
}

test('@phone the panel navigation shows every item whole on a 360 px screen, in every language', async ({
	page,
}) => {
	await signIn(page, await newAccount('phone-nav'));
	await page.waitForURL(/\/panel$/);
	for (const locale of localeCodes) {
		await page.goto(localizePath('/panel/billing', locale));
		const name = { en, no, da, de }[locale]['panel.nav.label'];
		await expect(page.getByRole('navigation', { name }).getByRole('link')).not.toHaveCount(0);
		expect(await hiddenLinks(page, name), locale).toEqual([]);
	}
});
