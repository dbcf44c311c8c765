/** A connection URL fit for a banner or a log: the password shown as ***. */
export function redactedUrl(url: string | undefined): string {
	if (!url) return '';
	try {
		const parsed = new URL(url);
		if (parsed.password) parsed.password = '***';
		return parsed.toString();
	} catch {
		return '(not a URL)';
	}
}
