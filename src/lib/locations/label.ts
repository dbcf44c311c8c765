import { locales, useTranslations, type Locale } from '../../i18n';
import type { LocationId } from '../domain/location';
import { findLocation } from './catalogue';

// A location as a line of text, "Frankfurt, Germany": the city is the UI string `location.<id>`
// (passed in, so a page, a PDF or an island with only its picked strings can all call this), the
// country its ISO code named by Intl in the reader's language.

/** A country's name (ISO 3166-1 alpha-2 `code`) in `intlLocale`'s words; the code if Intl has none. */
export function regionName(code: string, intlLocale: string): string {
	return new Intl.DisplayNames([intlLocale], { type: 'region' }).of(code) ?? code;
}

/** The country of a location in `intlLocale`'s words; null for a location the catalogue lost. */
export function locationCountry(id: LocationId, intlLocale: string): string | null {
	const code = findLocation(id)?.country;
	return code ? regionName(code, intlLocale) : null;
}

/** "Frankfurt, Germany" in the reader's language: `city` is their `location.<id>` string. */
export function locationLabel(id: LocationId, city: string, intlLocale: string): string {
	const country = locationCountry(id, intlLocale);
	return country ? `${city}, ${country}` : city;
}

/** "Frankfurt, Germany" in `locale`'s words, for server-rendered pages and answers. */
export function locationName(id: LocationId, locale: Locale): string {
	return locationLabel(id, useTranslations(locale)(`location.${id}`), locales[locale].intl);
}
