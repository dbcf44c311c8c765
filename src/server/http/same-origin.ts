/**
 * Whether a state-changing request comes from another origin: a form or script on someone else's
 * page acting with the visitor's cookies. Browsers send `Origin` with every POST (and `fetch` with
 * every non-GET), so a foreign or opaque (`null`) one is refused. Without `Origin`, a browser still
 * says `Sec-Fetch-Site`. A request with neither is no browser's (the gateway's webhook, the billing
 * scheduler, curl): it carries no visitor's cookies to abuse, and its own checks (signatures,
 * secrets) apply. Astro's built-in check is off (astro.config.mjs) because, behind a TLS proxy,
 * it compares against `http://` and would refuse every form. This one compares with the site's
 * configured origins (`siteOrigins()`), never with the request's own Host, which the sender chooses.
 */
const stateChanging = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export function isCrossOriginWrite(request: Request, ownOrigins: readonly string[]): boolean {
	if (!stateChanging.has(request.method)) return false;
	const origin = request.headers.get('origin');
	if (origin !== null) return !ownOrigins.includes(origin.toLowerCase());
	const site = request.headers.get('sec-fetch-site');
	return site !== null && site !== 'same-origin' && site !== 'none';
}
