/**
 * English-first help articles: which locales hold a real file of each article. Every English
 * article is published in every locale; where a locale has no translation yet, its page shows the
 * English text (a fallback page). The article route and the sitemap's filter (astro.config.mjs,
 * which reads the file names) both decide that here.
 */

/** `<locale>/<topic>/<slug>` ids (as the content loader names `content/help/…/*.mdx`) → locale and topic/slug. */
export function splitHelpId(id: string): { locale: string; slug: string } {
	const [locale = '', ...rest] = id.split('/');
	return { locale, slug: rest.join('/') };
}

/**
 * Each English article's `<topic>/<slug>` → the locales with a file of it, in the order of
 * `locales` (English first). Translations without an English original are left out: the build's
 * check (help-check.ts) refuses them.
 */
export function articleLocales<L extends string>(
	ids: readonly string[],
	locales: readonly L[],
): Map<string, L[]> {
	const present = new Set(ids);
	const result = new Map<string, L[]>();
	for (const { locale, slug } of ids.map(splitHelpId))
		if (locale === 'en')
			result.set(
				slug,
				locales.filter((code) => present.has(`${code}/${slug}`)),
			);
	return result;
}

/**
 * The locale-prefixed URL paths of fallback pages (`/no/help/articles/<topic>/<slug>`): one per
 * English article per locale without its translation.
 */
export function fallbackPaths(
	ids: readonly string[],
	locales: readonly string[],
	localize: (path: string, locale: string) => string,
): string[] {
	return [...articleLocales(ids, locales)].flatMap(([slug, have]) =>
		locales
			.filter((locale) => !have.includes(locale))
			.map((locale) => localize(`/help/articles/${slug}`, locale)),
	);
}

/**
 * The sitemap's filter: no error pages, no fallback page (its canonical URL is the English one,
 * which the sitemap lists). Takes the sitemap's absolute URLs.
 */
export function sitemapFilter(fallbacks: readonly string[]): (page: string) => boolean {
	const skipped = new Set(fallbacks);
	return (page) => {
		const path = new URL(page).pathname.replace(/(.)\/$/, '$1');
		return !/\/(404|500)$/.test(path) && !skipped.has(path);
	};
}
