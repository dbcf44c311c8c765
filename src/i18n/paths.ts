import { defaultLocale, isLocale, localeCodes, locales, type Locale } from './locales';

/**
 * Splits a pathname into its locale and the locale-free rest. `/da/games` → `da`, `/games`;
 * `/games` → `en`, `/games`. The `/en` prefix is not a locale path: it redirects elsewhere.
 */
export function splitLocale(pathname: string): { locale: Locale; path: string } {
	const [, first = '', ...rest] = pathname.split('/');
	if (first !== defaultLocale && isLocale(first)) {
		return { locale: first, path: '/' + rest.join('/') };
	}
	return { locale: defaultLocale, path: pathname || '/' };
}

/** The path of `path` (locale-free, starting with `/`) in `locale`. */
export function localizePath(path: string, locale: Locale): string {
	const segment = locales[locale].segment;
	if (!segment) return path;
	return path === '/' ? `/${segment}` : `/${segment}${path}`;
}

/** Every locale's version of a locale-free path, for the language switch and hreflang links. */
export function alternatePaths(path: string): { locale: Locale; path: string }[] {
	return localeCodes.map((locale) => ({ locale, path: localizePath(path, locale) }));
}

/** `getStaticPaths` entries for a page that exists in every locale (`[...locale]` routes). */
export function localeStaticPaths() {
	return localeCodes.map((locale) => ({
		params: { locale: locales[locale].segment || undefined },
		props: { locale },
	}));
}

/**
 * `/en/games` → `/games`. Leading slashes and backslashes are collapsed so that `/en//evil.example`
 * or `/en/\evil.example` can never become a protocol-relative redirect to another host.
 */
export function unprefixedEnglishPath(pathname: string): string {
	const rest = pathname.replace(/^\/en(?=\/|$)/, '');
	return '/' + rest.replace(/^[/\\]+/, '');
}

/**
 * The locale of a `[...locale]` route rendered on request: none for English, a known prefix for
 * the others, and null for anything else (the page answers 404).
 */
export function localeFromParam(param: string | undefined): Locale | null {
	if (param === undefined) return defaultLocale;
	return param !== defaultLocale && isLocale(param) ? param : null;
}
