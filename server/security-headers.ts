import { readFileSync } from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Headers every response gets, static file or Astro route. Pages carry the Content-Security-Policy
 * Astro computed for them (scripts by hash; `src/lib/security/csp.ts`): on-demand pages set it
 * themselves, prerendered ones have theirs in dist/_headers.json, read here once. Everything else
 * (JSON, images, scripts) gets the baseline, which forbids all but same-origin loads and framing.
 */
const baselinePolicy =
	"default-src 'self'; object-src 'none'; base-uri 'self'; frame-ancestors 'none'";

const always: Record<string, string> = {
	'X-Content-Type-Options': 'nosniff',
	'Referrer-Policy': 'strict-origin-when-cross-origin',
	'X-Frame-Options': 'DENY',
	'Cross-Origin-Opener-Policy': 'same-origin',
	'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=()',
};
// Two years with subdomains, as the HSTS preload list asks; sent on HTTPS only, as browsers ignore it
// on plain HTTP and a local http:// run must not be pinned to HTTPS.
const hsts = 'max-age=63072000; includeSubDomains';

type HeaderEntry = { pathname: string; headers: { key: string; value: string }[] };

/** Each prerendered page's policy by path, from the build. */
export function loadPagePolicies(file: URL): Map<string, string> {
	let entries: HeaderEntry[] = [];
	try {
		entries = JSON.parse(readFileSync(file, 'utf8')) as HeaderEntry[];
	} catch {
		// a build without prerendered pages writes no file; every page then sets its own
	}
	const policies = new Map<string, string>();
	for (const entry of entries) {
		const csp = entry.headers.find((h) => h.key.toLowerCase() === 'content-security-policy');
		if (csp) policies.set(entry.pathname, csp.value);
	}
	return policies;
}

function pagePath(url: string | undefined): string {
	const path = (url ?? '/').split('?')[0] ?? '/';
	return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/** Sets the headers before anything is written; an Astro page's own policy replaces the baseline. */
export function applySecurityHeaders(
	req: IncomingMessage,
	res: ServerResponse,
	policies: Map<string, string>,
	https: boolean,
): void {
	for (const [name, value] of Object.entries(always)) res.setHeader(name, value);
	if (https) res.setHeader('Strict-Transport-Security', hsts);
	res.setHeader('Content-Security-Policy', policies.get(pagePath(req.url)) ?? baselinePolicy);
}
