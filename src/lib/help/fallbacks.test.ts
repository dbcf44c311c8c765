import { describe, expect, it } from 'vitest';
import { localizePath, type Locale } from '../../i18n';
import { articleLocales, fallbackPaths, sitemapFilter } from './fallbacks';

const locales = ['en', 'no', 'da', 'de'];
const ids = [
	'en/minecraft/install-a-modpack',
	'no/minecraft/install-a-modpack',
	'da/minecraft/install-a-modpack',
	'de/minecraft/install-a-modpack',
	'en/palworld/update-broke-your-server',
	'de/palworld/update-broke-your-server',
	'da/rust/stray-translation',
];
const localize = (path: string, locale: string) => localizePath(path, locale as Locale);

describe('articleLocales', () => {
	it('lists, per English article, the locales with a file of it, English first', () => {
		expect(Object.fromEntries(articleLocales(ids, locales))).toEqual({
			'minecraft/install-a-modpack': ['en', 'no', 'da', 'de'],
			'palworld/update-broke-your-server': ['en', 'de'],
		});
	});
});

describe('fallbackPaths', () => {
	it('is one page per English article per locale without its translation', () => {
		expect(fallbackPaths(ids, locales, localize)).toEqual([
			'/no/help/articles/palworld/update-broke-your-server',
			'/da/help/articles/palworld/update-broke-your-server',
		]);
	});

	it('is nothing when every article is translated', () => {
		expect(fallbackPaths(ids.slice(0, 4), locales, localize)).toEqual([]);
	});
});

describe('sitemapFilter', () => {
	const keep = sitemapFilter(['/no/help/articles/palworld/update-broke-your-server']);
	it('leaves out fallback pages and error pages, with or without a trailing slash', () => {
		expect(
			keep('https://frostnode.example/no/help/articles/palworld/update-broke-your-server'),
		).toBe(false);
		expect(
			keep('https://frostnode.example/no/help/articles/palworld/update-broke-your-server/'),
		).toBe(false);
		expect(keep('https://frostnode.example/404')).toBe(false);
		expect(keep('https://frostnode.example/de/500')).toBe(false);
	});

	it('keeps the English original, real translations and every other page', () => {
		for (const page of [
			'https://frostnode.example/help/articles/palworld/update-broke-your-server',
			'https://frostnode.example/de/help/articles/palworld/update-broke-your-server',
			'https://frostnode.example/no/help/articles/minecraft/install-a-modpack',
			'https://frostnode.example/',
			'https://frostnode.example/no',
		])
			expect(keep(page), page).toBe(true);
	});
});
