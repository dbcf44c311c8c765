import { assertSameKeys, createTranslator, type Dictionary } from './translate';
import { locales, type Locale } from './locales';
import en from './ui/en.json';
import no from './ui/no.json';
import da from './ui/da.json';
import de from './ui/de.json';

export const dictionaries: Record<Locale, Dictionary> = { en, no, da, de };

assertSameKeys(en, { no, da, de });

const pluralSuffixes = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
type PluralSuffix = (typeof pluralSuffixes)[number];
const pluralForm = new RegExp(`_(${pluralSuffixes.join('|')})$`);
type RawKey = keyof typeof en;
/** A UI string key; plural families are addressed without their `_one`/`_other` suffix. */
export type UiKey = RawKey extends infer K
	? K extends `${infer Base}_${PluralSuffix}`
		? Base
		: K
	: never;

export type Translate = ReturnType<typeof createTranslator<UiKey>>;

const translators = new Map<Locale, Translate>();

/** `t()` for a locale, built once per locale. */
export function useTranslations(locale: Locale): Translate {
	let t = translators.get(locale);
	if (!t) {
		t = createTranslator<UiKey>(dictionaries[locale], locales[locale].intl);
		translators.set(locale, t);
	}
	return t;
}

/** Whether a key, from a list built at run time (by prefix, say), is one of the dictionaries'. */
export function isDictionaryKey(key: string): key is RawKey {
	return Object.hasOwn(en, key);
}

/** A dictionary key that is no plural form: `t` takes it as is (`UiKey` names plurals by base). */
type SingularKey = Exclude<RawKey, `${string}_${PluralSuffix}`>;

/**
 * Whether a key built at run time (a prefix and a stored value, say) can go to `t` as it is: the
 * type guard that spares callers a cast, since a raw key may be a plural form `t` does not name.
 */
export function isSingularKey(key: string): key is SingularKey {
	return isDictionaryKey(key) && !pluralForm.test(key);
}

/** Only the strings an island uses, so no island ships a whole dictionary. */
export function pickStrings<K extends RawKey>(
	locale: Locale,
	keys: readonly K[],
): Record<K, string> {
	const dictionary = dictionaries[locale];
	return Object.fromEntries(keys.map((key) => [key, dictionary[key]])) as Record<K, string>;
}

export * from './locales';
export * from './paths';
