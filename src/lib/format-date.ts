const formats = new Map<string, Intl.DateTimeFormat>();
const moments = new Map<string, Intl.DateTimeFormat>();

/**
 * The one zone every time of day is shown in, to customers and staff alike: the shop's, Oslo's
 * (CET, CEST in summer), which is also the clock of every country it bills in (Norway, Denmark,
 * Sweden, Germany). A stated zone, not the reader's: a page rendered on the server cannot know the
 * browser's, and staff answering a customer see the times the customer sees. Invoice PDFs date
 * their days here too (src/server/invoices/format.ts).
 */
export const shopTimeZone = 'Europe/Oslo';

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

/**
 * A moment (a message, an event, a sign-in) with its time of day, in the shop's zone and saying
 * which: `Dec 7, 2026, 5:52 AM GMT+1`, `7. des. 2026, 05:52 CET`, `7. Juli 2026, 06:52 MESZ`.
 */
export function formatMoment(iso: string, intlLocale: string): string {
	let format = moments.get(intlLocale);
	if (!format) {
		format = new Intl.DateTimeFormat(intlLocale, {
			year: 'numeric',
			month: 'short',
			day: 'numeric',
			hour: 'numeric',
			minute: '2-digit',
			timeZone: shopTimeZone,
			timeZoneName: 'short',
		});
		moments.set(intlLocale, format);
	}
	const date = new Date(iso);
	return Number.isNaN(date.getTime()) ? '' : format.format(date);
}
