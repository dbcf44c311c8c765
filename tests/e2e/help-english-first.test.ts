import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { dictionaries } from './dictionaries';
import { copySite, freePort, type SiteCopy } from './site-copy';
import { expect, test, type Page } from './test';

// The editor's path from issue 44, on a copy of the site: an article written in English only, with
// `npm run new:article`, builds and is live in all four languages; the other three say it is not
// translated yet, keep it out of their search, and list it as missing; a broken frontmatter fails
// the build naming the file. Each build of the copy takes about a minute on a busy two-core machine.

const slug = 'english-only-article';
const topicSlug = `minecraft/${slug}`;
const file = `content/help/en/${topicSlug}.mdx`;
const title = 'Install the Quillfrost loader on your server';
// A word no other article has, so a search for it finds this article or nothing.
const word = 'quillfrost';
const body = `Quillfrost is a mod loader for Minecraft. This article shows how to install a modpack that needs it on your server.

## Install Quillfrost

1. Open your server's page in the customer panel and go to the **Modpacks** tab.
2. Pick the modpack and install it. Quillfrost comes with the pack.
`;
const translated = [
	{ locale: 'no', prefix: '/no', lang: 'nb', language: 'norsk' },
	{ locale: 'da', prefix: '/da', lang: 'da', language: 'dansk' },
	{ locale: 'de', prefix: '/de', lang: 'de', language: 'Deutsch' },
] as const;

let copy: SiteCopy;
let site: string;
let stopServer: (() => Promise<void>) | undefined;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async () => {
	test.setTimeout(600_000);
	copy = await copySite();
	const written = await copy.run('npm', [
		...['run', 'new:article', '--'],
		...['--topic', 'minecraft', '--slug', slug, '--title', title],
	]);
	expect(written.code, written.output).toBe(0);
	expect(written.stdout).toContain(`Wrote ${file}`);
	// The editor writes the article under the frontmatter the command made.
	const path = join(copy.dir, file);
	const made = await readFile(path, 'utf8');
	await writeFile(path, made.replace(/\n---\n[\s\S]*$/, `\n---\n${body}`));

	site = `http://127.0.0.1:${await freePort()}`;
	const built = await copy.build(site);
	expect(built.code, built.output).toBe(0);
	stopServer = await copy.serve(site);
});

test.afterAll(async () => {
	await stopServer?.();
	await copy?.remove();
});

test('the English-only article is live in all four languages, the others saying it is English', async ({
	page,
}) => {
	const english = `/help/articles/${topicSlug}`;
	await page.goto(`${site}${english}`);
	await expect(page.locator('html')).toHaveAttribute('lang', 'en');
	await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
	await expect(page.locator('article[data-pagefind-body]')).toHaveCount(1);
	await expect(page.locator('[data-fallback-notice]')).toHaveCount(0);

	for (const { locale, prefix, lang, language } of translated) {
		const response = await page.goto(`${site}${prefix}${english}`);
		expect(response?.status(), locale).toBe(200);
		await expect(page.locator('html')).toHaveAttribute('lang', lang);
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
		const notice = dictionaries[locale]['help.fallback.notice']!.replace('{language}', language);
		const shown = page.getByText(notice, { exact: true });
		await expect(shown).toBeVisible();
		// The notice is in the reader's language, the article in English.
		expect(await shown.evaluate((node) => node.closest('[lang]')?.getAttribute('lang'))).toBe(lang);
		const article = page.locator('article');
		await expect(article).toHaveAttribute('lang', 'en');
		await expect(article).toContainText('Quillfrost is a mod loader');
		await expect(page.locator('[data-pagefind-body]')).toHaveCount(0);
		await expect(page.locator('link[rel=canonical]')).toHaveAttribute('href', `${site}${english}`);
		// Only real pages of the article are alternates: English, and x-default (English).
		const alternates = await page
			.locator('link[rel=alternate][hreflang]')
			.evaluateAll((links) => links.map((link) => link.getAttribute('hreflang')).sort());
		expect(alternates, locale).toEqual(['en', 'x-default']);
	}
});

async function search(page: Page, path: string, query: string) {
	await page.goto(`${site}${path}`);
	await page.getByRole('searchbox').fill(query);
	return page.locator('#help-search-results a');
}

test('the English search finds the article, the Norwegian search does not', async ({ page }) => {
	const english = await search(page, '/help', word);
	await expect(english.first()).toHaveAttribute('href', `/help/articles/${topicSlug}`);

	await search(page, '/no/help', word);
	await expect(page.locator('help-search [data-status]')).toHaveText(
		dictionaries.no['help.search.none']!,
	);
	await expect(page.locator('#help-search-results a')).toHaveCount(0);

	// Norwegian search works, and finds Norwegian articles about modpacks, not this English one.
	const modpacks = await search(page, '/no/help', 'modpack');
	await expect(modpacks.first()).toBeVisible();
	const found = await modpacks.evaluateAll((links) =>
		links.map((link) => link.getAttribute('href')),
	);
	expect(found.every((href) => href?.startsWith('/no/help/articles/'))).toBe(true);
	expect(found).not.toContain(`/no/help/articles/${topicSlug}`);
});

test('the status page and npm run translations list it as missing in three languages', async ({
	page,
}) => {
	await page.goto(`${site}/help/translations`);
	const row = page.locator(`tr[data-article="${topicSlug}"]`);
	for (const { locale } of translated)
		await expect(row.locator(`td[data-locale="${locale}"][data-state="missing"]`)).toHaveCount(1);

	const listed = await copy.run('npm', ['run', '--silent', 'translations', '--', '--json']);
	expect(listed.code, listed.output).toBe(0);
	const status = JSON.parse(listed.stdout) as {
		articles: { english: string; locales: Record<string, { state: string; file: string }> }[];
	};
	const article = status.articles.find((entry) => entry.english === file);
	expect(article?.locales).toEqual({
		no: { state: 'missing', file: `content/help/no/${topicSlug}.mdx` },
		da: { state: 'missing', file: `content/help/da/${topicSlug}.mdx` },
		de: { state: 'missing', file: `content/help/de/${topicSlug}.mdx` },
	});
});

test('without its title the article fails the build, which names the file', async () => {
	test.setTimeout(300_000);
	await stopServer?.();
	stopServer = undefined;
	const path = join(copy.dir, file);
	await writeFile(path, (await readFile(path, 'utf8')).replace(/^title: .*\n/m, ''));
	const built = await copy.build(site);
	expect(built.code).not.toBe(0);
	expect(built.output).toContain(file);
	expect(built.output).toMatch(/\btitle\b.*required/);
});
