import { describe, expect, it } from 'vitest';
import {
	editLink,
	translatedLocales,
	translationStates,
	translationStatus,
	type HelpFileDate,
} from './help-translation-status';

const file = (locale: string, slug: string, updated: string, title = slug): HelpFileDate => ({
	locale,
	slug,
	title,
	updated: new Date(updated),
});

describe('translationStatus', () => {
	it('tracks the locales of the locale table except English, and three states', () => {
		expect(translatedLocales).toEqual(['no', 'da', 'de']);
		expect(translationStates).toEqual(['current', 'outdated', 'missing']);
	});

	it('is current when the dates are equal or the translation is newer, outdated when English is newer, missing without a file', () => {
		const status = translationStatus([
			file('en', 'minecraft/install-a-modpack', '2026-11-01', 'Install a modpack'),
			file('no', 'minecraft/install-a-modpack', '2026-11-01'),
			file('da', 'minecraft/install-a-modpack', '2026-10-31'),
			file('de', 'minecraft/install-a-modpack', '2026-11-02'),
		]);
		expect(status).toEqual({
			articles: [
				{
					slug: 'minecraft/install-a-modpack',
					title: 'Install a modpack',
					english: 'content/help/en/minecraft/install-a-modpack.mdx',
					locales: {
						no: { state: 'current', file: 'content/help/no/minecraft/install-a-modpack.mdx' },
						da: { state: 'outdated', file: 'content/help/da/minecraft/install-a-modpack.mdx' },
						de: { state: 'current', file: 'content/help/de/minecraft/install-a-modpack.mdx' },
					},
				},
			],
			summary: { current: 2, outdated: 1, missing: 0 },
		});
	});

	it('lists an English-only article as missing in every other locale, with the file to create', () => {
		const { articles, summary } = translationStatus(
			[file('en', 'palworld/update-broke-your-server', '2027-01-10')],
			'/tmp/content',
		);
		expect(articles[0]?.locales).toEqual({
			no: { state: 'missing', file: '/tmp/content/no/palworld/update-broke-your-server.mdx' },
			da: { state: 'missing', file: '/tmp/content/da/palworld/update-broke-your-server.mdx' },
			de: { state: 'missing', file: '/tmp/content/de/palworld/update-broke-your-server.mdx' },
		});
		expect(articles[0]?.english).toBe('/tmp/content/en/palworld/update-broke-your-server.mdx');
		expect(summary).toEqual({ current: 0, outdated: 0, missing: 3 });
	});

	it('compares instants, not days written differently', () => {
		const { summary } = translationStatus([
			file('en', 'vps/reinstall', '2026-11-01T12:00:00Z'),
			file('no', 'vps/reinstall', '2026-11-01T11:59:59Z'),
			file('da', 'vps/reinstall', '2026-11-01T12:00:00Z'),
			file('de', 'vps/reinstall', '2026-11-01T12:00:01Z'),
		]);
		expect(summary).toEqual({ current: 2, outdated: 1, missing: 0 });
	});

	it('leaves out a translation without an English original and a folder that is no locale', () => {
		const status = translationStatus([
			file('en', 'rust/wipe', '2026-11-01'),
			file('no', 'rust/wipe', '2026-11-01'),
			file('no', 'rust/no-english-here', '2026-11-01'),
			file('sv', 'rust/wipe', '2026-11-01'),
		]);
		expect(status.articles.map((article) => article.slug)).toEqual(['rust/wipe']);
		expect(Object.keys(status.articles[0]!.locales)).toEqual(['no', 'da', 'de']);
		expect(status.summary).toEqual({ current: 1, outdated: 0, missing: 2 });
	});

	it('orders articles by topic and slug, and counts every article × locale once', () => {
		const status = translationStatus([
			file('en', 'valheim/mods', '2026-11-01'),
			file('en', 'billing/refunds', '2026-11-01'),
			file('en', 'billing/invoices', '2026-11-01'),
			...translatedLocales.map((locale) => file(locale, 'billing/refunds', '2026-10-01')),
		]);
		expect(status.articles.map((article) => article.slug)).toEqual([
			'billing/invoices',
			'billing/refunds',
			'valheim/mods',
		]);
		expect(status.summary).toEqual({ current: 0, outdated: 3, missing: 6 });
	});

	it('has nothing to track without English articles', () => {
		expect(translationStatus([file('no', 'rust/wipe', '2026-11-01')])).toEqual({
			articles: [],
			summary: { current: 0, outdated: 0, missing: 0 },
		});
	});
});

describe('editLink', () => {
	const file = 'content/help/no/minecraft/install-a-modpack.mdx';

	it('is the edit URL followed by the repository path, with one slash between', () => {
		for (const base of ['https://github.com/o/r/edit/main/', 'https://github.com/o/r/edit/main'])
			expect(editLink(base, file)).toBe(`https://github.com/o/r/edit/main/${file}`);
		expect(editLink(' https://git.example/-/edit/main// ', file, 'outdated')).toBe(
			`https://git.example/-/edit/main/${file}`,
		);
	});

	it('is none without an edit URL, and none for a file still to create', () => {
		expect(editLink(undefined, file)).toBeUndefined();
		expect(editLink('  ', file)).toBeUndefined();
		expect(editLink('https://github.com/o/r/edit/main/', file, 'missing')).toBeUndefined();
	});
});
