/**
 * The page to return to after signing in, accepted only as a path on this site. Anything that
 * could leave the site (`//evil.example`, `/\evil.example`, `https://…`, `javascript:`, and their
 * percent-encoded forms) gives the fallback instead.
 */
export function safeReturnPath(raw: string | null | undefined, fallback = '/panel'): string {
	if (!raw) return fallback;
	let candidate = raw.trim();
	// Decode until stable, so %2F%2F or %252F%252F cannot hide a second slash or a backslash.
	for (let i = 0; i < 3; i++) {
		try {
			const decoded = decodeURIComponent(candidate);
			if (decoded === candidate) break;
			candidate = decoded;
		} catch {
			return fallback;
		}
	}
	if (!candidate.startsWith('/') || /^\/[/\\]/.test(candidate)) return fallback;
	if (/[\u0000-\u001f\u007f\\]/.test(candidate)) return fallback;
	const base = 'https://site.invalid';
	const url = new URL(candidate, base);
	if (url.origin !== base) return fallback;
	return url.pathname + url.search + url.hash;
}
