import type { Currency } from '../lib/domain/currency';

/**
 * The one table of languages the site speaks. Everything locale-aware (routes, `<html lang>`,
 * `Intl`, Pagefind, the sitemap) reads it, so adding a language starts here.
 */
export const locales = {
	en: { segment: '', lang: 'en', label: 'English', intl: 'en-US', currency: 'EUR', country: 'NO' },
	no: { segment: 'no', lang: 'nb', label: 'Norsk', intl: 'nb-NO', currency: 'NOK', country: 'NO' },
	da: { segment: 'da', lang: 'da', label: 'Dansk', intl: 'da-DK', currency: 'DKK', country: 'DK' },
	de: {
		segment: 'de',
		lang: 'de',
		label: 'Deutsch',
		intl: 'de-DE',
		currency: 'EUR',
		country: 'DE',
	},
} as const satisfies Record<string, LocaleInfo>;

export interface LocaleInfo {
	/** URL prefix; empty for the default locale, which lives at the unprefixed paths. */
	segment: string;
	/** BCP-47 tag for `<html lang>`, hreflang and Pagefind (`no` is Bokmål, `nb`). */
	lang: string;
	/** Name of the language in itself, for the language switch. */
	label: string;
	/** Locale for `Intl` number, date and currency formatting. */
	intl: string;
	/** Currency shown until the visitor picks another. */
	currency: Currency;
	/** Country whose VAT rate applies until checkout knows the billing country (ISO 3166-1). */
	country: string;
}

export type Locale = keyof typeof locales;

export const defaultLocale: Locale = 'en';

export const localeCodes = Object.keys(locales) as Locale[];

export function isLocale(value: unknown): value is Locale {
	return typeof value === 'string' && Object.hasOwn(locales, value);
}

/** Name of the cookie that remembers the visitor's language choice. */
export const localeCookie = 'locale';
export const localeCookieMaxAge = 365 * 24 * 60 * 60;
