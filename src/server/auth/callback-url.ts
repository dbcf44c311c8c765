import { localizePath } from '../../i18n/paths';
import type { Locale } from '../../i18n/locales';
import { safeReturnPath } from '../../lib/auth/return-to';
import { routes } from '../../lib/routes';
import { siteOrigin } from '../config/site-origin';

/**
 * Where Supabase sends a customer back from a mailed link or Google: `/auth/callback`, which
 * exchanges the one-time code and goes on to `next` (a path on this site). Always on the configured
 * origin, never the request's Host, which the sender chooses (docs/security.md).
 */
export function authCallbackUrl(next: string): string {
	return new URL(`/auth/callback?next=${encodeURIComponent(next)}`, siteOrigin()).href;
}

/**
 * The sign-up confirmation mail's link: back to the page that asked the visitor to sign up (the
 * checkout, with its cart), or the panel when there was none or it would leave the site.
 */
export function confirmationRedirect(next: string | null | undefined, locale: Locale): string {
	return authCallbackUrl(safeReturnPath(next, localizePath(routes.panel, locale)));
}
