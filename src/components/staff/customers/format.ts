import { isSingularKey, locales, useTranslations, type Locale } from '~/i18n';
import { formatDate, formatMoment } from '~/lib/format-date';
import { formatMoney } from '~/lib/format-money';

/**
 * What several sections of a customer's staff page write the same way: money, dates, a stored
 * value's label and a country's name, in the staff member's language, and the table cell classes,
 * so every table on the page lines up. The search page writes its countries with it too.
 */
export function customerFormat(locale: Locale) {
	const t = useTranslations(locale);
	const intl = locales[locale].intl;
	const countries = new Intl.DisplayNames([intl], { type: 'region' });
	return {
		money: (minor: number, currency: string) => formatMoney(minor, currency, intl),
		date: (iso: string | null) => (iso ? formatDate(iso, intl) : '–'),
		/** A moment with its time and zone, as the customer's panel shows it (formatMoment). */
		moment: (iso: string | null) => (iso ? formatMoment(iso, intl) : '–'),
		/** A stored value's label (`prefix` + value), else the value: new values show, if raw. */
		label: (prefix: string, value: string) => {
			const key = `${prefix}${value}`;
			return isSingularKey(key) ? t(key) : value;
		},
		/** A country's name, else its code: a code the runtime does not know throws, and shows as is. */
		country: (code: string | null) => {
			if (!code) return '–';
			try {
				return countries.of(code) ?? code;
			} catch {
				return code;
			}
		},
	};
}

/** Cell classes shared by the page's tables. */
export const cell = {
	th: 'py-2 pr-4',
	td: 'py-2 pr-4',
	row: 'border-t border-white/10 align-top',
};
