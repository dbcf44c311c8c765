import da from '../../src/i18n/ui/da.json' with { type: 'json' };
import de from '../../src/i18n/ui/de.json' with { type: 'json' };
import en from '../../src/i18n/ui/en.json' with { type: 'json' };
import no from '../../src/i18n/ui/no.json' with { type: 'json' };
import { citiesOf } from '../../scripts/location-claims';
import type { Locale } from '../../src/i18n/locales';

// The UI strings as the browser tests read them (Playwright loads JSON only with its import
// attribute, so not through src/i18n): what a page should say, in each language.

export const dictionaries: Record<Locale, Record<string, string>> = { en, no, da, de };

/** Every name each location goes by, for the claims check. */
export const cities = citiesOf(dictionaries);
