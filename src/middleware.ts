import { defineMiddleware } from 'astro:middleware';
import { isLocale, localeCookie, localizePath, splitLocale } from './i18n';
import { requiresSignIn } from './lib/auth/guard';
import { routes } from './lib/routes';
import { supabaseEnv } from './server/supabase/env';
import { createRequestClient } from './server/supabase/request-client';
import { checkCookieSession } from './server/http/assurance';
import { clientAddressOf } from './server/http/request-address';
import { allowConfiguredOrigins } from './server/http/csp-origins';
import { refuseCrossOriginWrite } from './server/http/guard-writes';
import { refuseForeignHost } from './server/http/guard-host';
import { sharedCachePaths } from './server/http/shared-cache';
import { guardStaff } from './server/staff/guard';
import { claimFromUpgrade } from './server/console/claim-upgrade';
import { openConsoleDoor } from './server/console/door';
import { claimGameFromUpgrade } from './server/game-console/claim-upgrade';
import { gameConsoleDoor } from './server/game-console/door';

// The site server's console relay spends its tokens through this process's Astro side, in process
// (src/server/console/door.ts): opened as this module loads, on the server's first request.
openConsoleDoor(claimFromUpgrade);
gameConsoleDoor.open(claimGameFromUpgrade);

/** On-demand pages a visitor's remembered language applies to when the URL names none. */
const localisedOnDemand = /^\/(login|register|forgot-password|reset-password|panel)(\/|$)/;

/**
 * For every page rendered on request: the locale, the visitor's Supabase client, and the guard.
 * Private paths need a signed-in customer; anyone else goes to sign in (in their language) and
 * comes back afterwards, and a customer who still owes their two-factor code goes to the code page. It runs on the server, so a signed-out visitor never sees the panel.
 * Before all that, a request for another host and a write from another origin are refused.
 */
export const onRequest = defineMiddleware(async (context, next) => {
	// Prerendering (the build) has no Host; the site server checks it for the built files.
	if (context.isPrerendered) return next();
	const misdirected = refuseForeignHost(context);
	if (misdirected) return misdirected;
	const refused = refuseCrossOriginWrite(context);
	if (refused) return refused;
	allowConfiguredOrigins(context.csp);
	const { pathname, search } = context.url;
	const { locale } = splitLocale(pathname);
	context.locals.locale = locale;

	const chosen = context.cookies.get(localeCookie)?.value;
	if (
		context.request.method === 'GET' &&
		locale === 'en' &&
		isLocale(chosen) &&
		chosen !== 'en' &&
		localisedOnDemand.test(pathname)
	) {
		return context.redirect(localizePath(pathname, chosen) + search, 302);
	}

	if (supabaseEnv() && !sharedCachePaths.has(pathname))
		context.locals.supabase = createRequestClient(
			context.request,
			context.cookies,
			clientAddressOf(context),
		);
	// The staff console: refused exactly as a missing page to anyone but staff (two-factor).
	const staffRefusal = await guardStaff(context, locale);
	if (staffRefusal) return noStore(context, staffRefusal);
	if (requiresSignIn(pathname)) {
		const session = await checkCookieSession(context.locals.supabase);
		if (session.kind !== 'complete') {
			// Half signed in (password, no two-factor code yet): the code page, not the password again.
			const page = session.kind === 'pending' ? routes.loginCode : routes.login;
			const to = `${localizePath(page, locale)}?next=${encodeURIComponent(pathname + search)}`;
			return context.redirect(to, 303);
		}
		context.locals.user = session.user;
	}
	return noStore(context, await next());
});

/** A response that may carry session cookies must never be stored by a shared cache. */
function noStore(context: { locals: App.Locals }, response: Response): Response {
	if (context.locals.supabase) response.headers.set('Cache-Control', 'private, no-store');
	return response;
}
