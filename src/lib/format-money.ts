import { minorPerMajor } from './money';

const formats = new Map<string, Intl.NumberFormat>();

/** An amount in minor units as the reader expects it: `€8.00`, `8,00 €`, `216,00 kr`. */
export function formatMoney(minor: number, currency: string, intlLocale: string): string {
	const key = `${intlLocale}|${currency}`;
	let format = formats.get(key);
	if (!format) {
		format = new Intl.NumberFormat(intlLocale, {
			style: 'currency',
			currency,
			minimumFractionDigits: 2,
		});
		formats.set(key, format);
	}
	// Division only for display: amounts are added up as integers, never as these floats.
	return format.format(minor / minorPerMajor);
}
