import { expect, test } from './test';
import { publicPaths } from './public-routes';

test('the sitemap lists every public page with hreflang alternates for every locale', async ({
	request,
}) => {
	const index = await (await request.get('/sitemap-index.xml')).text();
	const sitemapUrl = new URL(index.match(/<loc>([^<]+)<\/loc>/)![1]!);
	const sitemap = await (await request.get(sitemapUrl.pathname)).text();
	for (const path of publicPaths) {
		const suffix = path === '/' ? '/' : path;
		expect(sitemap, path).toContain(suffix);
	}
	for (const lang of ['en', 'nb', 'da', 'de']) expect(sitemap).toContain(`hreflang="${lang}"`);
	expect(sitemap).not.toContain('404');
});

test('robots.txt allows the public site and points to the sitemap', async ({ request }) => {
	const robots = await (await request.get('/robots.txt')).text();
	expect(robots).toContain('Disallow: /panel');
	expect(robots).toMatch(/Sitemap: https?:\/\/.+\/sitemap-index\.xml/);
});

test('a game page has canonical, alternates, Open Graph and Organization JSON-LD', async ({
	page,
}) => {
	await page.goto('/no/valheim-server-hosting');
	await expect(page.locator('link[rel=canonical]')).toHaveAttribute(
		'href',
		/\/no\/valheim-server-hosting$/,
	);
	await expect(page.locator('link[rel=alternate][hreflang=nb]')).toHaveAttribute(
		'href',
		/\/no\/valheim-server-hosting$/,
	);
	await expect(page.locator('link[rel=alternate][hreflang=x-default]')).toHaveAttribute(
		'href',
		/\/valheim-server-hosting$/,
	);
	await expect(page.locator('meta[property="og:locale"]')).toHaveAttribute('content', 'nb_NO');
	const types = await page
		.locator('script[type="application/ld+json"]')
		.evaluateAll((nodes) =>
			nodes.map((node) => (JSON.parse(node.textContent ?? '{}') as { '@type': string })['@type']),
		);
	expect(types).toContain('Organization');
	expect(types).toContain('FAQPage');
});

test('the build publishes a version file for the panel to notice deployments', async ({
	request,
}) => {
	const response = await request.get(`/builds/latest.json?t=${Date.now()}`);
	expect(response.ok()).toBe(true);
	const body = (await response.json()) as { id: string; builtAt: string };
	expect(body.id).toMatch(/\S/);
	expect(Number.isNaN(Date.parse(body.builtAt))).toBe(false);
});
