import { locales, useTranslations, type Locale } from '../../i18n';
import type { LocationId } from '../domain/location';
import type { ProductType } from '../domain/product';
import {
	locations,
	locationsFor,
	publicLocation,
	type Location,
	type PublicLocation,
} from './catalogue';
import { regionName } from './label';

// A location in the reader's words: the city is a UI string (`location.<id>`, the same closed set
// in every language), the country's name comes from its ISO code through Intl, in the reader's
// language (its flag too: src/components/locations/Flag.astro).

/** A location as a page shows it: its public facts and its names in one language. */
export interface LocationView extends PublicLocation {
	city: string;
	countryName: string;
}

export function cityName(id: LocationId, locale: Locale): string {
	return useTranslations(locale)(`location.${id}`);
}

export function countryName(code: string, locale: Locale): string {
	return regionName(code, locales[locale].intl);
}

/** The flag emoji of an ISO 3166-1 alpha-2 code: its two regional-indicator symbols. */
export function flagEmoji(code: string): string {
	return String.fromCodePoint(
		...[...code.toUpperCase()].map((letter) => 0x1f1e6 + letter.charCodeAt(0) - 65),
	);
}

export function locationView(location: Location, locale: Locale): LocationView {
	return {
		...publicLocation(location),
		city: cityName(location.id, locale),
		countryName: countryName(location.country, locale),
	};
}

/** The locations offering `product` (every location without one), in catalogue order. */
export function locationViews(locale: Locale, product?: ProductType): LocationView[] {
	return (product ? locationsFor(product) : [...locations]).map((l) => locationView(l, locale));
}
