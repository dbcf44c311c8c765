// Its own module: the mail templates, the Go template engine and the mailbox's pages all escape
// with it, and the engine is what the templates render with.

/** Text made safe inside HTML, attributes included (quotes too). */
export function escapeHtml(value: string): string {
	return value
		.replaceAll('&', '&amp;')
		.replaceAll('<', '&lt;')
		.replaceAll('>', '&gt;')
		.replaceAll('"', '&quot;')
		.replaceAll("'", '&#39;');
}
