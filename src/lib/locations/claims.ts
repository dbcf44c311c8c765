import { locales, useTranslations, type Locale } from '../../i18n';
import type { ProductType } from '../domain/product';
import { locationViews } from './names';

// Every number and name of locations a page states is computed here from the catalogue, so an
// operator with two locations gets "2 locations" everywhere (issue 43). Words written by hand
// (the dictionaries, content/) hold none: scripts/location-claims.test.ts refuses them there, and
// tests/e2e/location-claims.test.ts holds the built pages to the catalogue.

/** What a page says about locations, for one product's locations or (none given) all of them. */
export interface LocationClaim {
	count: number;
	/** "3 locations: Oslo, Frankfurt and Stockholm" (plural-aware). */
	phrase: string;
	/** "Oslo, Frankfurt and Stockholm". */
	cities: string;
	/** "Oslo, Frankfurt or Stockholm": where one server goes. */
	choice: string;
	/** "Oslo (Norway), Frankfurt (Germany) or Stockholm (Sweden)". */
	places: string;
	/** "Norway, Germany and Sweden", each country once. */
	countries: string;
}

export function locationClaim(locale: Locale, product?: ProductType): LocationClaim {
	const t = useTranslations(locale);
	const views = locationViews(locale, product);
	const { intl } = locales[locale];
	const and = new Intl.ListFormat(intl, { type: 'conjunction' });
	const or = new Intl.ListFormat(intl, { type: 'disjunction' });
	const cities = and.format(views.map((view) => view.city));
	return {
		count: views.length,
		phrase: t('locations.claim', { count: views.length, names: cities }),
		cities,
		choice: or.format(views.map((view) => view.city)),
		places: or.format(views.map((view) => `${view.city} (${view.countryName})`)),
		countries: and.format([...new Set(views.map((view) => view.countryName))]),
	};
}

/**
 * The placeholders Markdown copy may use, filled where the page is rendered (so a build always
 * says what the catalogue holds): `%locations%` the phrase, `%location-places%` the places.
 */
const placeholders = {
	'%locations%': 'phrase',
	'%location-places%': 'places',
} as const satisfies Record<string, keyof LocationClaim>;

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** `html` with its placeholders filled; an unknown `%location…%` fails the build, never shows. */
export function fillLocationClaims(html: string, locale: Locale, product?: ProductType): string {
	const claim = locationClaim(locale, product);
	return html.replace(/%locations?[\w-]*%/g, (token) => {
		if (!Object.hasOwn(placeholders, token)) throw new Error(`Unknown placeholder ${token}`);
		return escapeHtml(String(claim[placeholders[token as keyof typeof placeholders]]));
	});
}
