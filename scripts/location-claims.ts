import type { Locale } from '../src/i18n/locales.ts';

/**
 * Finds what a text claims about locations: a number next to a location word ("7 locations",
 * "sieben Standorte", "locations 3") and lists of city names ("Oslo, Frankfurt and Stockholm").
 * The site's claims must be the catalogue's (issue 43): in source files (dictionaries, Markdown)
 * there may be none at all, since a number or list written there is not computed from the
 * catalogue; on a built page each must equal the locations of one of the scopes it may speak of.
 */

export interface Scope {
	name: string;
	ids: readonly string[];
}

/** What a text is checked against. */
export interface ClaimContext {
	/** Every name each location of the closed set goes by (`location.<id>` in every language). */
	cities: Readonly<Record<string, readonly string[]>>;
	/** What the text may speak of; null for a source file, where any claim is written by hand. */
	scopes: readonly Scope[] | null;
	/** The locations that exist: naming any other city of the closed set is a claim too. */
	open?: readonly string[];
}

export interface Claims {
	numbers: number[];
	lists: string[][];
	problems: string[];
}

const locationWord =
	/^(locations?|lokasjon(er|ene|en)?|lokation(er|erne|en)?|standort(e|en|es)?|data-?cent(er|re)s?|datasent(er|re|ra|rene)|datacent(er|re|ra|rene)|rechenzentr(um|en|ums)?)$/i;

// The numbers one to twelve in words (`|` between spellings). Articles ("en lokasjon", "ein
// Standort") are no count, so one is "-" where it is also the article; "one" and "1" are counts.
const numberWords: Record<Locale, string[]> = {
	en: 'one two three four five six seven eight nine ten eleven twelve'.split(' '),
	no: '- to tre fire fem seks sju|syv åtte ni ti elleve tolv'.split(' '),
	da: '- to tre fire fem seks syv otte ni ti elleve tolv'.split(' '),
	de: '- zwei drei vier fünf sechs sieben acht neun zehn elf zwölf'.split(' '),
};

/** Where a page's text leaves one block (a paragraph, a list item, a cell) for the next. */
export const blockEnd = '¶';

/** "one of our locations" counts nothing: a count before "of" is the chosen one, not all. */
const ofWords = /^(of|av|af|von|aus)$/i;

/** Cities a page could name as a location: every closed-set location in every language, and more. */
const otherCities = (
	'Amsterdam, London, Paris, Warsaw, Vienna, Wien, Zurich, Zürich, Dublin, Madrid, Milan, ' +
	'Bergen, Gothenburg, Göteborg, New York, Singapore'
).split(', ');

/** The `cities` of a ClaimContext from the UI dictionaries: each `location.<id>` string. */
export function citiesOf(dictionaries: Record<string, Record<string, string>>) {
	const cities: Record<string, string[]> = {};
	for (const dictionary of Object.values(dictionaries))
		for (const [key, name] of Object.entries(dictionary)) {
			const id = /^location\.([a-z-]+)$/.exec(key)?.[1];
			if (id) cities[id] = [...new Set([...(cities[id] ?? []), name])];
		}
	return cities;
}

function cityNames(cities: ClaimContext['cities']): Map<string, string> {
	const names = new Map<string, string>(otherCities.map((name) => [name, `other:${name}`]));
	for (const [id, spellings] of Object.entries(cities))
		for (const name of spellings) names.set(name, id);
	return names;
}

function numberOf(token: string, locale: Locale): number | undefined {
	if (/^\d+$/.test(token)) return Number(token);
	const index = numberWords[locale].findIndex((word) =>
		word.split('|').includes(token.toLowerCase()),
	);
	return index >= 0 ? index + 1 : undefined;
}

function countClaims(text: string, locale: Locale): number[] {
	const joined = text.replace(/\bdata\s+(cent(er|re)s?)\b/gi, 'data$1');
	const tokens = joined.match(/[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*|[^\s\p{L}\p{N}]/gu) ?? [];
	const found: number[] = [];
	tokens.forEach((token, index) => {
		if (!locationWord.test(token)) return;
		for (let back = index - 1; back >= Math.max(0, index - 3); back--) {
			const before = tokens[back]!;
			if (ofWords.test(before) || !/[\p{L}\p{N}]/u.test(before)) break;
			const count = numberOf(before, locale);
			if (count !== undefined) return void found.push(count);
		}
		// A label then its figure ("locations: 3"; a statistic's term, then its value in the next block).
		const after = [':', blockEnd].includes(tokens[index + 1]!)
			? tokens[index + 2]
			: tokens[index + 1];
		if (after && /^\d+$/.test(after)) found.push(Number(after));
	});
	return found;
}

/** A list of cities in a sentence about time zones names no locations. */
const timeZone = /time ?zone|tidss?one|zeitzone|standard time/i;

const separator = /^\s*(\([^()]{1,40}\))?\s*(,|,?\s*(and|og|und|or|eller|oder|&))\s*$/i;

function cityLists(
	text: string,
	names: Map<string, string>,
): { single: string[]; lists: string[][] } {
	const alternatives = [...names.keys()].sort((a, b) => b.length - a.length);
	const pattern = new RegExp(`(?<![\\p{L}])(${alternatives.join('|')})(?![\\p{L}])`, 'gu');
	const matches = [...text.matchAll(pattern)];
	const groups: { name: string; start: number; end: number }[][] = [];
	for (const match of matches) {
		const current = groups.at(-1);
		const last = current?.at(-1);
		const entry = { name: match[1]!, start: match.index, end: match.index + match[0].length };
		if (current && last && separator.test(text.slice(last.end, match.index))) current.push(entry);
		else groups.push([entry]);
	}
	const aboutLocations = (group: { start: number; end: number }[]) => {
		const from = text.slice(0, group[0]!.start).search(/[^.!?\n]*$/);
		const to = text.slice(group.at(-1)!.end).search(/[.!?\n]|$/) + group.at(-1)!.end;
		return !timeZone.test(text.slice(from, to));
	};
	return {
		single: groups.flat().map((entry) => entry.name),
		lists: groups
			.filter((group) => group.length > 1 && aboutLocations(group))
			.map((group) => group.map((entry) => entry.name)),
	};
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
	a.length === b.length && a.every((item) => b.includes(item));

/**
 * The location claims in `text` (plain text, in `locale`) and what is wrong with them: with
 * `scopes` null (a source file) every claim is a problem; else each count must be a scope's
 * number of locations, each list a scope's cities, and no city outside `open` may be named.
 */
export function locationClaims(
	text: string,
	locale: Locale,
	{ cities, scopes, open = [] }: ClaimContext,
): Claims {
	const names = cityNames(cities);
	const numbers = countClaims(text, locale);
	const { single, lists } = cityLists(text, names);
	const problems: string[] = [];
	for (const count of numbers) {
		if (!scopes) problems.push(`a number of locations written by hand: ${count}`);
		else if (!scopes.some((scope) => scope.ids.length === count))
			problems.push(`${count} locations, but the catalogue has ${describe(scopes)}`);
	}
	for (const list of lists) {
		const ids = list.map((name) => names.get(name)!);
		if (!scopes) problems.push(`a list of locations written by hand: ${list.join(', ')}`);
		else if (!scopes.some((scope) => sameSet(scope.ids, ids)))
			problems.push(`the list ${list.join(', ')} is not ${describe(scopes)}`);
	}
	if (scopes)
		for (const name of new Set(single))
			if (!open.includes(names.get(name)!))
				problems.push(`${name} is named, but no location there is open`);
	return { numbers, lists, problems };
}

function describe(scopes: readonly Scope[]): string {
	return scopes.map((scope) => `${scope.name}: ${scope.ids.join(', ')}`).join(' or ');
}
