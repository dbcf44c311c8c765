/**
 * Where the site is, from configuration only. Every absolute URL the site writes (mail links, the
 * gateway's return addresses, auth redirects) is built on `siteOrigin()`, never on a request's Host:
 * a forged Host once put the attacker's host, with a working one-time token, in a customer's
 * mailbox. A request for another host is refused before any route runs (`acceptsHost`), and a
 * write's Origin must be one of `siteOrigins()`. No relative imports: `server/site-server.ts` loads
 * this file directly.
 */
type Env = Record<string, string | undefined>;

// A site on this machine answers to every loopback name: `npm start` is opened as localhost and
// as 127.0.0.1 alike.
const loopbackNames = ['localhost', '127.0.0.1', '[::1]'];

// What a Host header may hold: a name or address and a port. No user info, path or spaces, which
// would let `evil.example@shop.example` parse as the shop.
const hostShape = /^(\[[0-9a-f:.]+\]|[a-z0-9.-]+)(:\d{1,5})?$/i;

/** Health probes name the pod's address, not the site; these answers write no URL and no cookie. */
const anyHostPaths = new Set(['/api/health', '/api/ready']);

/** The public origin: PUBLIC_SITE_URL, or this machine on PORT in development (start-check/). */
export function siteOrigin(env: Env = process.env): string {
	const configured = env.PUBLIC_SITE_URL?.trim();
	return configured ? new URL(configured).origin : `http://127.0.0.1:${env.PORT?.trim() || '4321'}`;
}

/** A Host header as the site compares it: lower case, without the scheme's default port. */
export function normaliseHost(host: string, protocol: string): string | undefined {
	const trimmed = host.trim();
	if (!hostShape.test(trimmed)) return undefined;
	try {
		return new URL(`${protocol}//${trimmed}`).host;
	} catch {
		return undefined;
	}
}

/** Parses SITE_HOST_ALIASES (comma-separated hosts); a malformed entry is a configuration error. */
export function parseHostAliases(spec: string | undefined, protocol = 'https:'): string[] {
	return (spec ?? '')
		.split(',')
		.map((entry) => entry.trim())
		.filter(Boolean)
		.map((entry) => {
			const host = normaliseHost(entry, protocol);
			if (!host)
				throw new Error(
					`SITE_HOST_ALIASES must list hosts such as www.shop.example, not "${entry}"`,
				);
			return host;
		});
}

/** Every host the site answers for: the public one (all loopback names for a local site) and the aliases. */
export function siteHosts(env: Env = process.env): string[] {
	const site = new URL(siteOrigin(env));
	const port = site.port ? `:${site.port}` : '';
	const own = loopbackNames.includes(site.hostname)
		? loopbackNames.map((name) => name + port)
		: [site.host];
	return [...new Set([...own, ...parseHostAliases(env.SITE_HOST_ALIASES, site.protocol)])];
}

/** The origins a browser on this site names in `Origin`: the public scheme on each of its hosts. */
export function siteOrigins(env: Env = process.env): string[] {
	const { protocol } = new URL(siteOrigin(env));
	return siteHosts(env).map((host) => `${protocol}//${host}`);
}

const isRead = (method: string | undefined) => method === 'GET' || method === 'HEAD';

/** Whether a request with this Host (and method and path) is the site's to answer. */
export function acceptsHost(
	host: string | null | undefined,
	request: { method?: string; path: string },
	env: Env = process.env,
): boolean {
	if (isRead(request.method) && anyHostPaths.has(request.path)) return true;
	const normalised = host ? normaliseHost(host, new URL(siteOrigin(env)).protocol) : undefined;
	return normalised !== undefined && siteHosts(env).includes(normalised);
}

/**
 * Where a page read on one of the site's other names (127.0.0.1 for localhost, an alias) moves to:
 * the same path on the public origin, so the visitor's cookies live on the host its mailed links
 * and sign-in callbacks name (a sign-up confirmed elsewhere would find no PKCE verifier). Writes
 * and health probes stay where they are. Undefined when the request is already there.
 */
export function canonicalLocation(
	host: string | null | undefined,
	request: { method?: string; url: string },
	env: Env = process.env,
): string | undefined {
	const site = new URL(siteOrigin(env));
	const path = request.url.split('?')[0] ?? '/';
	if (!isRead(request.method) || anyHostPaths.has(path) || !request.url.startsWith('/')) return;
	const normalised = host ? normaliseHost(host, site.protocol) : undefined;
	if (normalised === site.host || !acceptsHost(host, { method: request.method, path }, env)) return;
	return site.origin + request.url; // concatenated: `//evil.example` stays a path on this site
}
