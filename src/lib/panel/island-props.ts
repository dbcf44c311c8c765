import { dictionaries, isDictionaryKey, locales, pickStrings, type Locale } from '../../i18n';

/**
 * What every panel island gets from its page: the language, its strings, the link prefix. Pure (the
 * dictionaries only), so the components that mount an island call it themselves; routes reach it
 * through `src/server/http/panel-page.ts` too.
 */
export function panelIslandProps(
	locale: Locale,
	keys: (dictionary: Record<string, string>) => string[],
) {
	const { intl, segment } = locales[locale];
	// The lists pick by prefix, as plain strings: the guard types them (a stale key would be dropped).
	const picked = keys(dictionaries.en).filter(isDictionaryKey);
	return {
		locale,
		intl,
		prefix: segment ? `/${segment}` : '',
		strings: pickStrings(locale, picked),
	};
}
