import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dictionaries, isLocale, localeCodes, type Locale } from '../src/i18n/index.ts';
import { citiesOf, locationClaims as check, type Scope } from './location-claims.ts';

// No page may state a number of locations, or list them, that the catalogue does not hold (issue
// 43). Words written by hand in the dictionaries and the Markdown cannot follow the catalogue, so
// there they may hold no such claim at all: the numbers and names are filled in when a page is
// rendered (tests/e2e/location-claims.test.ts holds the built pages to the catalogue).

const root = fileURLToPath(new URL('..', import.meta.url));
const cities = citiesOf(dictionaries);
const open = ['oslo', 'frankfurt', 'stockholm'];
const locationClaims = (text: string, locale: Locale, scopes: Scope[] | null) =>
	check(text, locale, { cities, scopes, open });

describe('the location claims check', () => {
	const all = { name: 'all', ids: ['oslo', 'frankfurt', 'stockholm'] as const };
	const vps = { name: 'vps', ids: ['oslo', 'frankfurt'] as const };

	it('finds a number next to a location word, in digits or words, in each language', () => {
		expect(locationClaims('runs in one of 7 locations worldwide', 'en', null).numbers).toEqual([7]);
		expect(locationClaims('one of seven locations worldwide', 'en', null).numbers).toEqual([7]);
		expect(locationClaims('en av sju lokasjoner verden over', 'no', null).numbers).toEqual([7]);
		expect(locationClaims('Med 7 lokationer verden over', 'da', null).numbers).toEqual([7]);
		expect(locationClaims('an einem von sieben Standorten', 'de', null).numbers).toEqual([7]);
		expect(locationClaims('Standorte: 3', 'de', null).numbers).toEqual([3]);
		expect(locationClaims('4,3 / 5 ¶ Standorte ¶ 3 ¶', 'de', null).numbers).toEqual([3]);
		expect(locationClaims('12 data centres', 'en', null).numbers).toEqual([12]);
	});

	it('counts nothing in "one of our locations", an article or a number far away', () => {
		expect(locationClaims('runs in one of our locations', 'en', null).numbers).toEqual([]);
		expect(locationClaims('velg en lokasjon', 'no', null).numbers).toEqual([]);
		expect(locationClaims('ein Standort in deiner Nähe', 'de', null).numbers).toEqual([]);
		expect(locationClaims('7 days. Locations vary', 'en', null).numbers).toEqual([]);
		expect(locationClaims('close to locations', 'en', null).numbers).toEqual([]);
	});

	it('finds lists of cities, with their countries in brackets or not', () => {
		expect(locationClaims('including Oslo and Frankfurt.', 'en', null).lists).toEqual([
			['Oslo', 'Frankfurt'],
		]);
		const places = 'Oslo (Norwegen), Frankfurt am Main (Deutschland) oder Stockholm (Schweden)';
		expect(locationClaims(places, 'de', null).lists).toEqual([
			['Oslo', 'Frankfurt am Main', 'Stockholm'],
		]);
		expect(locationClaims('Storgata 1, 0155 Oslo, Norway', 'en', null).lists).toEqual([]);
	});

	it('in a source file every claim is a problem; on a page only one the catalogue does not hold', () => {
		expect(
			locationClaims('7 locations, including Oslo and Frankfurt', 'en', null).problems,
		).toEqual([
			'a number of locations written by hand: 7',
			'a list of locations written by hand: Oslo, Frankfurt',
		]);
		const page = (text: string) => locationClaims(text, 'en', [all]).problems;
		expect(page('3 locations: Oslo, Frankfurt and Stockholm')).toEqual([]);
		expect(page('7 locations, including Oslo and Frankfurt')).toHaveLength(2);
		expect(page('now in Helsinki')).toEqual(['Helsinki is named, but no location there is open']);
		expect(locationClaims('2 locations: Oslo and Frankfurt', 'en', [vps]).problems).toEqual([]);
	});
});

describe.each(localeCodes)('the %s words hold no location claim of their own', (locale) => {
	it('in the dictionary (the cities’ own names aside)', () => {
		const problems = Object.entries(dictionaries[locale])
			.filter(([key]) => !key.startsWith('location.'))
			.flatMap(([key, text]) =>
				locationClaims(text, locale, null).problems.map((problem) => `${key}: ${problem}`),
			);
		expect(problems).toEqual([]);
	});

	it('in the content (game pages, pages, help, reviews)', () => {
		const problems = contentFiles()
			.filter((file) => localeOf(file) === locale)
			.flatMap((file) =>
				locationClaims(readFileSync(file, 'utf8'), locale, null).problems.map(
					(problem) => `${relative(root, file)}: ${problem}`,
				),
			);
		expect(problems).toEqual([]);
	});
});

/** Every text file under content/ but the catalogue (the data the claims are computed from). */
function contentFiles(dir = join(root, 'content')): string[] {
	return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
		const path = join(dir, entry.name);
		if (entry.isDirectory()) return entry.name === 'catalogue' ? [] : contentFiles(path);
		return /\.(md|mdx|json)$/.test(entry.name) ? [path] : [];
	});
}

/** `content/<kind>/<locale>/…` or `content/reviews/<locale>.json`. */
function localeOf(file: string): string | undefined {
	const parts = relative(join(root, 'content'), file).split(/[\\/]/);
	return [parts[1], parts[1]?.replace(/\.json$/, '')].find((part) => isLocale(part));
}
