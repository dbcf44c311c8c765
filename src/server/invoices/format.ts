import { locales, useTranslations, type Locale } from '../../i18n';
import { storedLineDetail, storedLineText } from '../../lib/billing/invoice-line';
import { shopTimeZone } from '../../lib/format-date';
import { formatMoney } from '../../lib/format-money';

/**
 * Everything the PDF prints that depends on the language: money, dates, rates and country names,
 * all with `Intl` in the locale's own conventions (`1 250,00 kr`, `12,50 €`, `5. mars 2026`).
 */

/** Invoices are issued from Oslo: a date is the calendar day there, whatever the server's zone. */
const timeZone = shopTimeZone;

/**
 * The bundled Roboto has no narrow no-break space (U+202F), which some ICU versions put into
 * numbers and dates; the ordinary no-break space keeps the same text together and does render.
 */
export function printable(text: string): string {
	return text.replace(/\u202f/g, '\u00a0');
}

export interface PdfFormat {
	money(minor: number): string;
	date(iso: string): string;
	/** A VAT rate in percent (25, 12.5) as `25 %` / `25%`. */
	percent(rate: number): string;
	country(code: string | null): string;
	/** An invoice line as stored, in the language (its saved text when it has no data). */
	line(stored: { line?: unknown; description: string }): string;
	/** What is printed under a line: where its server runs; null for none. */
	detail(stored: { line?: unknown }): string | null;
}

export function pdfFormat(locale: Locale, currency: string): PdfFormat {
	const intl = locales[locale].intl;
	const t = useTranslations(locale);
	const dates = new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeZone });
	const percents = new Intl.NumberFormat(intl, { style: 'percent', maximumFractionDigits: 2 });
	const regions = new Intl.DisplayNames(intl, { type: 'region', fallback: 'code' });
	return {
		money: (minor) => printable(formatMoney(minor, currency, intl)),
		date: (iso) => printable(dates.format(new Date(iso))),
		// A rate, not money: dividing for display is exact enough at two decimals.
		percent: (rate) => printable(percents.format(rate / 100)),
		line: (stored) => printable(storedLineText(stored, t, intl)),
		detail: (stored) => {
			const detail = storedLineDetail(stored, t, intl);
			return detail === null ? null : printable(detail);
		},
		country: (code) => {
			if (!code) return '';
			try {
				return regions.of(code.toUpperCase()) ?? code;
			} catch {
				return code;
			}
		},
	};
}
