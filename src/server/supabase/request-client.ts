import { createServerClient, parseCookieHeader, type CookieOptions } from '@supabase/ssr';
import type { AstroCookies } from 'astro';
import type { Database } from '../../lib/database.types';
import { requireSupabaseEnv } from './env';
import { visitorFetch } from './forwarding';

/** Set when the customer ticks "remember me"; without it the session ends with the browser. */
export const rememberCookie = 'frostnode-remember';

/**
 * Without "remember me", auth cookies become session cookies (no Max-Age), so closing the browser
 * signs out. Removals (Max-Age 0) are kept as they are.
 */
export function cookieOptionsFor(
	options: CookieOptions,
	remember: boolean,
	secure: boolean,
): CookieOptions {
	const base = { ...options, path: '/', sameSite: 'lax' as const, secure, httpOnly: false };
	if (remember || options.maxAge === 0) return base;
	const { maxAge: _maxAge, expires: _expires, ...sessionOnly } = base;
	return sessionOnly;
}

/**
 * A Supabase client acting as the visitor of this request, with the session in cookies as
 * @supabase/ssr writes them (chunked, path /, SameSite lax, readable by the page's scripts).
 */
export function createRequestClient(
	request: Request,
	cookies: AstroCookies,
	clientAddress: string,
) {
	const env = requireSupabaseEnv();
	const jar = new Map(
		parseCookieHeader(request.headers.get('cookie') ?? '').map((c) => [c.name, c.value ?? '']),
	);
	const secure = new URL(request.url).protocol === 'https:';
	const fetch = visitorFetch(clientAddress, request.headers.get('user-agent'));
	return createServerClient<Database>(env.url, env.anonKey, {
		...(fetch ? { global: { fetch } } : {}),
		cookies: {
			getAll: () => [...jar].map(([name, value]) => ({ name, value })),
			setAll: (list) => {
				// Read at write time: sign-in sets this cookie in the same request, just before.
				const remember = cookies.get(rememberCookie)?.value === '1';
				for (const { name, value, options } of list) {
					if (options.maxAge === 0) jar.delete(name);
					else jar.set(name, value);
					cookies.set(name, value, cookieOptionsFor(options, remember, secure));
				}
			},
		},
	});
}

/**
 * The same visitor's client from a bare Cookie header, for a request with no response to set
 * cookies on (the console's WebSocket upgrade, src/server/console/claim-upgrade.ts): a session
 * refreshed to answer it is not written back, as a request to the site without a page would not be.
 */
export function cookieHeaderClient(
	cookie: string,
	clientAddress: string,
	userAgent: string | undefined,
): RequestClient {
	const env = requireSupabaseEnv();
	const jar = parseCookieHeader(cookie).map((c) => ({ name: c.name, value: c.value ?? '' }));
	const fetch = visitorFetch(clientAddress, userAgent ?? null);
	return createServerClient<Database>(env.url, env.anonKey, {
		...(fetch ? { global: { fetch } } : {}),
		cookies: { getAll: () => jar, setAll: () => {} },
	});
}

export type RequestClient = ReturnType<typeof createRequestClient>;
