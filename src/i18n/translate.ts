/**
 * The translation system: one flat dictionary per locale, `en` the reference. Dictionaries are
 * checked when this module loads, so a missing or extra key fails the build, not a visitor.
 */
export type Vars = Record<string, string | number>;

export type Dictionary = Record<string, string>;

/** Keys present in `reference` and missing from `candidate`, and the reverse. */
export function compareKeys(reference: Dictionary, candidate: Dictionary) {
	const missing = Object.keys(reference).filter((key) => !Object.hasOwn(candidate, key));
	const extra = Object.keys(candidate).filter((key) => !Object.hasOwn(reference, key));
	return { missing, extra };
}

export function assertSameKeys(reference: Dictionary, dictionaries: Record<string, Dictionary>) {
	const problems = Object.entries(dictionaries).flatMap(([locale, dictionary]) => {
		const { missing, extra } = compareKeys(reference, dictionary);
		return [
			...missing.map((key) => `${locale}: missing "${key}"`),
			...extra.map((key) => `${locale}: extra "${key}"`),
		];
	});
	if (problems.length) {
		throw new Error(`UI strings do not match en.json:\n  ${problems.join('\n  ')}`);
	}
}

/** Replaces `{name}` placeholders; an unknown placeholder is an error, not a silent blank. */
export function interpolate(template: string, vars: Vars = {}): string {
	return template.replace(/\{(\w+)\}/g, (_, name: string) => {
		if (!Object.hasOwn(vars, name)) throw new Error(`Missing value for {${name}} in "${template}"`);
		return String(vars[name]);
	});
}

/**
 * Builds `t(key, vars)` for one dictionary. Plural forms are keys ending in `_one`, `_other` (and
 * whatever else `Intl.PluralRules` names), chosen by the `count` variable.
 */
export function createTranslator<Key extends string>(dictionary: Dictionary, intlLocale: string) {
	const plurals = new Intl.PluralRules(intlLocale);
	return function t(key: Key, vars?: Vars): string {
		let template = dictionary[key];
		if (template === undefined && vars && typeof vars.count === 'number') {
			template = dictionary[`${key}_${plurals.select(vars.count)}`] ?? dictionary[`${key}_other`];
		}
		if (template === undefined) throw new Error(`Unknown UI string "${key}"`);
		return interpolate(template, vars);
	};
}
