/**
 * Redirect targets that stay on this site. Both helpers judge a path by where a browser would
 * really go with it (`/.//evil.example` normalises to `//evil.example`, another host), never by
 * how the string looks.
 */
const base = 'https://site.invalid';

/** True when a Location of `path` keeps the browser on this site's origin. */
export function staysOnSite(path: string): boolean {
	if (!path.startsWith('/') || /[\u0000-\u001f\u007f\\]/.test(path)) return false;
	try {
		return new URL(path, base).origin === base;
	} catch {
		return false;
	}
}

/**
 * The page to return to after signing in, accepted only as a path on this site. Anything that
 * could leave the site (`//evil.example`, `/\evil.example`, `/.//evil.example`, `https://…`,
 * `javascript:`, and their percent-encoded forms) gives the fallback instead.
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
	if (!staysOnSite(candidate)) return fallback;
	const url = new URL(candidate, base);
	const resolved = url.pathname + url.search + url.hash;
	// The normalised path is what the browser receives: check that too, as the browser will read it.
	return staysOnSite(resolved) ? resolved : fallback;
}

/**
 * A link to the other sign-in page (login ↔ register) that keeps the return address, so a visitor
 * the checkout sent to sign in who chooses to create an account still comes back to the checkout.
 * An off-site or missing `next` is dropped: the page's own fallback applies.
 */
export function carryingNext(path: string, next: string | null | undefined): string {
	const kept = safeReturnPath(next, '');
	return kept ? `${path}?next=${encodeURIComponent(kept)}` : path;
}
