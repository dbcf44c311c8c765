const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date as the reader writes it (`Nov 24, 2026`, `24. nov. 2026`), in UTC: billing counts whole
 * UTC days, so a due date never shows as the day before in an evening time zone.
 */
export function formatDate(iso: string, intlLocale: string): string {
	let format = formats.get(intlLocale);
	if (!format) {
		format = new Intl.DateTimeFormat(intlLocale, { dateStyle: 'medium', timeZone: 'UTC' });
		formats.set(intlLocale, format);
	}
	const date = new Date(iso);
	return Number.isNaN(date.getTime()) ? '' : format.format(date);
}
