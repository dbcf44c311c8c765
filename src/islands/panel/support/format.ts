const formats = new Map<string, Intl.DateTimeFormat>();

/**
 * A message's moment with its time of day, in the reader's own time zone: unlike a due date, a
 * reply is an event. The islands render it only in the browser (the data arrives after the HTML),
 * so the server's time zone never shows.
 */
export function formatMoment(iso: string, intl: string): string {
	let format = formats.get(intl);
	if (!format) {
		format = new Intl.DateTimeFormat(intl, { dateStyle: 'medium', timeStyle: 'short' });
		formats.set(intl, format);
	}
	const date = new Date(iso);
	return Number.isNaN(date.getTime()) ? '' : format.format(date);
}
