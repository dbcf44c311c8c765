import AxeBuilder from '@axe-core/playwright';
import { spawnSync } from 'node:child_process';
import { localizePath } from '../../src/i18n/paths';
import type { TranslationStatus } from '../../src/lib/help-translation-status';
import { expect, test } from './test';

// The editors' translation status page on the normal build: the same figures as
// `npm run translations -- --json` over the same content, in every language, kept out of search
// engines, the site's search and its links.

function scriptStatus(): TranslationStatus {
	const run = spawnSync(process.execPath, ['scripts/translations.ts', '--json'], {
		encoding: 'utf8',
	});
	expect(run.status, run.stderr).toBe(0);
	return JSON.parse(run.stdout) as TranslationStatus;
}

const localesShown = ['en', 'no', 'da', 'de'] as const;

test('the status page shows what npm run translations reports, cell by cell', async ({ page }) => {
	const status = scriptStatus();
	expect(status.articles.length).toBeGreaterThan(50);
	await page.goto('/help/translations');
	for (const state of ['current', 'outdated', 'missing'] as const)
		await expect(page.locator(`dd[data-summary="${state}"]`)).toHaveText(
			String(status.summary[state]),
		);
	await expect(page.locator('[data-summary="articles"]')).toHaveAttribute(
		'data-count',
		String(status.articles.length),
	);
	await expect(page.locator('tbody tr[data-article]')).toHaveCount(status.articles.length);
	const shown = await page.locator('tr[data-article]').evaluateAll((rows) =>
		rows.map((row) => ({
			slug: row.getAttribute('data-article'),
			cells: [...row.querySelectorAll('td[data-locale][data-state]')].map((cell) => ({
				locale: cell.getAttribute('data-locale'),
				state: cell.getAttribute('data-state'),
				file: cell.querySelector('code')?.textContent,
			})),
		})),
	);
	expect(shown).toEqual(
		status.articles.map((article) => ({
			slug: article.slug,
			cells: Object.entries(article.locales).map(([locale, cell]) => ({
				locale,
				state: cell.state,
				file: cell.file,
			})),
		})),
	);
	// This build has no PUBLIC_CONTENT_EDIT_URL: the paths are shown, not linked.
	await expect(page.locator('table a')).toHaveCount(0);
	const row = page.locator('tr[data-article="minecraft/install-a-modpack"]');
	await expect(row.getByRole('rowheader')).toContainText(
		'content/help/en/minecraft/install-a-modpack.mdx',
	);
	const { violations } = await new AxeBuilder({ page }).include('main').analyze();
	expect(
		violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
	).toEqual([]);
});

test('the status page speaks each language, is noindex and out of search and links', async ({
	page,
	request,
}) => {
	const { summary } = scriptStatus();
	const titles = {
		en: 'Translation status',
		no: 'Oversettelsesstatus',
		da: 'Oversættelsesstatus',
		de: 'Übersetzungsstand',
	};
	for (const locale of localesShown) {
		await page.goto(localizePath('/help/translations', locale));
		await expect(page.getByRole('heading', { level: 1 })).toHaveText(titles[locale]);
		await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', 'noindex');
		await expect(page.locator('[data-pagefind-body]')).toHaveCount(0);
		await expect(page.locator('dd[data-summary="current"]')).toHaveText(String(summary.current));
		await expect(page.locator('table caption')).not.toBeEmpty();
		await expect(page.locator('thead th[scope="col"]')).toHaveCount(4);
		await expect(page.locator('a[href$="/help/translations"]:not([hreflang])')).toHaveCount(0);

		await page.goto(localizePath('/help', locale));
		await expect(page.locator('a[href*="/help/translations"]')).toHaveCount(0);
	}
	const index = await (await request.get('/sitemap-index.xml')).text();
	const sitemap = await (
		await request.get(new URL(index.match(/<loc>([^<]+)<\/loc>/)![1]!).pathname)
	).text();
	expect(sitemap).toContain('/help/articles/minecraft/install-a-modpack');
	expect(sitemap).not.toContain('/help/translations');
});
