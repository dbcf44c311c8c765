import catalogue from '../../content/catalogue/locations.json' with { type: 'json' };
import { localeCodes } from '../../src/i18n/locales';
import { localizePath } from '../../src/i18n/paths';
import { gamePath, games } from '../../src/lib/games';
import { pageNames } from '../../src/collections/page-names';
import { blockEnd, locationClaims, type Scope } from '../../scripts/location-claims';
import { cities } from './dictionaries';
import { expect, test } from './test';

// What the built pages say about locations equals the catalogue (issue 43): every number next to a
// location word is the number of locations the page speaks of, every list of cities is exactly
// theirs, no city without a location is named, and no placeholder is left unfilled. Pages that
// state where servers run must say it (so a claim cannot pass by vanishing).

const offering = (product?: string) =>
	catalogue.filter((l) => !product || l.products.includes(product)).map((l) => l.id);
const every: Scope = { name: 'every location', ids: offering() };
const game: Scope = { name: 'game servers', ids: offering('game') };
const vps: Scope = { name: 'VPS', ids: offering('vps') };

const pages: { path: string; scopes: Scope[]; states: boolean }[] = [
	{ path: '/', scopes: [every], states: true },
	{ path: '/games', scopes: [every], states: false },
	...games.map((g) => ({ path: gamePath(g.id), scopes: [game], states: true })),
	{ path: '/vps-hosting', scopes: [vps], states: true },
	{ path: '/locations', scopes: [every, game, vps], states: true },
	...pageNames.map((name) => ({
		path: `/${name}`,
		scopes: [every],
		states: name === 'about' || name === 'privacy-policy',
	})),
	{ path: '/help', scopes: [every], states: false },
];

/**
 * A page's text as a reader sees it: no scripts, styles or attributes, entities decoded, and the
 * end of each block marked (two statistics side by side are no "5 locations").
 */
function pageText(html: string): string {
	return html
		.replace(/<(script|style|template)\b[\s\S]*?<\/\1>/gi, ' ')
		.replace(
			/<\/?(p|li|dt|dd|h[1-6]|td|th|tr|div|section|nav|ul|ol|dl|header|footer|br)\b[^>]*>/gi,
			` ${blockEnd} `,
		)
		.replace(/<[^>]+>/g, ' ')
		.replace(/&#(\d+);/g, (_, code: string) => String.fromCodePoint(Number(code)))
		.replace(/&#x([0-9a-f]+);/gi, (_, code: string) => String.fromCodePoint(parseInt(code, 16)))
		.replace(/&nbsp;/g, ' ')
		.replace(/&amp;/g, '&')
		.replace(/\s+/g, ' ');
}

for (const locale of localeCodes) {
	test(`every page in ${locale} claims only the catalogue's locations`, async ({ request }) => {
		const problems: string[] = [];
		for (const page of pages) {
			const path = localizePath(page.path, locale);
			const response = await request.get(path);
			expect(response.status(), path).toBe(200);
			const text = pageText(await response.text());
			const claims = locationClaims(text, locale, { cities, scopes: page.scopes, open: every.ids });
			problems.push(...claims.problems.map((problem) => `${path}: ${problem}`));
			if (/%location[\w-]*%/.test(text)) problems.push(`${path}: a placeholder left unfilled`);
			if (page.states && claims.numbers.length + claims.lists.length === 0)
				problems.push(`${path}: says nothing of where servers run`);
		}
		expect(problems).toEqual([]);
	});
}
