import { dictionaries, isDictionaryKey, locales, pickStrings, type Locale } from '../../i18n';
import { currencies } from '../../lib/catalogue';
import { getPaymentGateway } from '../payments';

/** What every panel island gets from its page: the language, its strings, the link prefix. */
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

/** The payment methods the configured gateway offers in each currency. */
export function paymentMethodsByCurrency() {
	const gateway = getPaymentGateway();
	return Object.fromEntries(currencies.map((c) => [c, gateway.methodsFor(c)]));
}
