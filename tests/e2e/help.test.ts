import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './test';

async function search(page: Page, path: string, query: string): Promise<string[]> {
	await page.goto(path);
	await page.getByRole('searchbox').fill(query);
	const results = page.locator('#help-search-results a');
	await expect(results.first()).toBeVisible();
	return results.evaluateAll((links) => links.map((link) => link.getAttribute('href') ?? ''));
}

test('search finds articles in the page’s language only', async ({ page }) => {
	const encodings = new Map<string, string>();
	page.on('response', async (response) => {
		const file = /\/pagefind\/.*\.(pagefind|pf_index)$/.exec(response.url());
		if (file) encodings.set(file[1]!, (await response.allHeaders())['content-encoding'] ?? '');
	});
	const english = await search(page, '/help', 'modpack');
	expect(english).toContain('/help/articles/minecraft/install-a-modpack');
	expect(english.every((href) => href.startsWith('/help/articles/'))).toBe(true);

	const danish = await search(page, '/da/help', 'modpack');
	expect(danish).toContain('/da/help/articles/minecraft/install-a-modpack');
	expect(danish.every((href) => href.startsWith('/da/help/articles/'))).toBe(true);
	await expect(page.locator('#help-search-results mark').first()).toBeVisible();
	// The build's brotli copies of the wasm and index (smaller than Pagefind's gzip) work in the browser.
	expect(Object.fromEntries(encodings)).toEqual({ pagefind: 'br', pf_index: 'br' });
});

test('searching "reverse dns" finds the VPS article first, in every language', async ({ page }) => {
	for (const [prefix, query] of [
		['', 'reverse dns'],
		['/no', 'omvendt dns'],
		['/da', 'reverse dns'],
		['/de', 'Reverse DNS'],
	] as const) {
		const found = await search(page, `${prefix}/help`, query);
		expect(found[0], `${prefix || 'en'}: ${found.join(', ')}`).toBe(
			`${prefix}/help/articles/vps/set-up-reverse-dns`,
		);
	}
	const console = await search(page, '/help', 'browser console');
	expect(console[0]).toBe('/help/articles/vps/use-the-browser-console');
});

test('search shows the first results at once and the rest when asked for', async ({ page }) => {
	const fragments: string[] = [];
	page.on('request', (request) => {
		if (request.url().includes('/pagefind/fragment/')) fragments.push(request.url());
	});
	await page.goto('/help');
	await page.getByRole('searchbox').fill('server');
	const results = page.locator('#help-search-results a');
	await expect(results).toHaveCount(4);
	expect(fragments).toHaveLength(4);
	await page.getByRole('button', { name: 'Show more results' }).click();
	// Clicking scrolls the list, and scrolling to its end may load the page after that too.
	await expect.poll(() => results.count()).toBeGreaterThanOrEqual(8);
	await expect(page.getByRole('status')).toHaveText(/\d+ articles found/);
});

test('search results are reachable by keyboard', async ({ page }) => {
	await search(page, '/de/help', 'Passwort');
	await page.keyboard.press('ArrowDown');
	await expect(page.locator('#help-search-results a').first()).toBeFocused();
	await page.keyboard.press('Enter');
	await expect(page).toHaveURL(/\/de\/help\/articles\//);
});

test('an article lives at a multi-segment slug, with contents, related articles and localised links', async ({
	page,
}) => {
	await page.goto('/no/help/articles/billing/upgrade-your-server');
	await expect(page.locator('html')).toHaveAttribute('lang', 'nb');
	await expect(page.getByRole('heading', { level: 1 })).not.toBeEmpty();
	await expect(page.locator('nav[aria-labelledby=toc-title] a').first()).toHaveAttribute(
		'href',
		/^#/,
	);
	await expect(page.locator('#related-title')).toBeVisible();
	const links = await page
		.locator('article a[href^="/"]')
		.evaluateAll((as) => as.map((a) => a.getAttribute('href')));
	expect(links.length).toBeGreaterThan(0);
	expect(links.every((href) => href!.startsWith('/no/'))).toBe(true);
});

test('German, Danish and Norwegian readers get the article in their language, with one related list', async ({
	page,
}) => {
	const titles = new Set<string>();
	for (const [prefix, lang, heading] of [
		['', 'en', 'Related articles'],
		['/de', 'de', 'Verwandte Artikel'],
		['/da', 'da', 'Relaterede artikler'],
		['/no', 'nb', 'Relaterte artikler'],
	] as const) {
		await page.goto(`${prefix}/help/articles/terraria/connect-to-your-server`);
		await expect(page.locator('html')).toHaveAttribute('lang', lang);
		const title = await page.getByRole('heading', { level: 1 }).textContent();
		titles.add(title ?? '');
		expect(await page.title()).toContain(title);
		await expect(page.locator('[data-pagefind-body]')).toHaveCount(1);
		await expect(page.locator('article')).not.toHaveAttribute('lang', 'en');
		// Translated: no "not yet available" notice, its own canonical URL, an alternate per language.
		await expect(page.locator('[data-fallback-notice]')).toHaveCount(0);
		await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
			'href',
			new RegExp(`^https?://[^/]+${prefix}/help/articles/terraria/connect-to-your-server$`),
		);
		await expect(page.locator('link[rel=alternate][hreflang]')).toHaveCount(5);
		// The page's own list, not a second one written into the text.
		await expect(page.getByRole('heading', { name: heading })).toHaveCount(1);
		const related = page.locator('section[aria-labelledby=related-title] a');
		await expect(related.first()).toHaveAttribute(
			'href',
			`${prefix}/help/articles/terraria/change-server-settings`,
		);
	}
	expect(titles.size).toBe(4);
});

test('a category lists its guides, and the help home counts them', async ({ page }) => {
	await page.goto('/no/help/categories/minecraft');
	await expect(page.locator('main ul li a')).toHaveCount(6);
	// Every guide is translated: none is marked as shown in English.
	await expect(page.locator('main li[data-fallback], main [lang=en]')).toHaveCount(0);
	await page.goto('/help/categories/minecraft');
	await expect(page.locator('main ul li a')).toHaveCount(6);
	await page.goto('/help');
	await expect(page.getByRole('link', { name: /Minecraft 6 articles/ })).toBeVisible();
	await expect(page.locator('#popular-title')).toBeVisible();
});

test('"not helpful" leads to a support ticket, through sign-in when signed out', async ({
	page,
}) => {
	await page.goto('/help/articles/billing/cancel-your-server');
	await page.getByRole('link', { name: 'No, I need more help' }).click();
	await expect(page).toHaveURL(/\/login\?next=%2Fpanel%2Fsupport%3Fsubject%3D/);
});

test.describe('without JavaScript', () => {
	test.use({ javaScriptEnabled: false });
	test('articles and categories work; only search needs JavaScript', async ({ page }) => {
		await page.goto('/de/help');
		await page
			.getByRole('link', { name: /Abrechnung/ })
			.first()
			.click();
		await expect(page).toHaveURL(/\/de\/help\/categories\/billing$/);
		await page.locator('main ul li a').first().click();
		await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
	});
});

for (const path of ['/help', '/da/help/articles/minecraft/install-a-modpack']) {
	test(`axe finds no serious violation on ${path}`, async ({ page }) => {
		await page.goto(path);
		const { violations } = await new AxeBuilder({ page }).analyze();
		expect(
			violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
		).toEqual([]);
	});
}

test('words next to links keep their spaces', async ({ page }) => {
	await page.goto('/help/articles/minecraft/install-a-modpack');
	await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveText(
		'Help centre › Minecraft',
	);
	await expect(page.getByText(/^Last updated: December 6, 2026$/)).toBeVisible();
	await page.goto('/login');
	await expect(page.getByText('New here? Create an account')).toBeVisible();
	await page.goto('/register');
	await expect(page.getByText('Already have an account? Sign in')).toBeVisible();
});
