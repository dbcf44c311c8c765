import { siteOrigin } from '../http/site-origin';

/**
 * Where Supabase sends a customer back from a mailed link or Google: `/auth/callback`, which
 * exchanges the one-time code and goes on to `next` (a path on this site). Always on the configured
 * origin, never the request's Host, which the sender chooses (docs/security.md).
 */
export function authCallbackUrl(next: string): string {
	return new URL(`/auth/callback?next=${encodeURIComponent(next)}`, siteOrigin()).href;
}
