import type { APIContext } from 'astro';
import { localizePath, type Locale } from '../../i18n';
import { routes } from '../../lib/routes';
import { isStaffApiPath, isStaffPagePath } from '../../lib/staff/paths';
import { apiError, tooManyRequests } from '../http/api';
import { limits } from '../rate-limit/limits';
import { staffOf } from './door';

/**
 * The staff console's guard, run by the middleware before any /staff page or /api/staff route:
 * anyone who is not staff gets the site's own 404 page, the same bytes a visitor gets for a path
 * that does not exist, so the console cannot be found by probing. Staff who still owe their code
 * go to the code page; staff without two-factor sign-in go to the Security tab to turn it on (the
 * API answers 403). Every staff request counts against the staff limit. Null lets the request on,
 * with `locals.staff` set.
 */
export async function guardStaff(context: APIContext, locale: Locale): Promise<Response | null> {
	const { pathname, search } = context.url;
	const api = isStaffApiPath(pathname);
	if (!api && !isStaffPagePath(pathname)) return null;
	const verdict = await staffOf(context);
	switch (verdict.kind) {
		case 'not_staff':
			return context.rewrite('/404');
		case 'pending':
			if (api) return apiError(401, 'unauthenticated', 'checkout.error.unauthenticated', locale);
			return context.redirect(
				`${localizePath(routes.loginCode, locale)}?next=${encodeURIComponent(pathname + search)}`,
				303,
			);
		case 'no_two_factor':
			if (api) return apiError(403, 'two_factor_required', 'staff.error.twoFactor', locale);
			return context.redirect(`${localizePath(routes.security, locale)}?staff=1`, 303);
		case 'staff': {
			const verdict2 = await limits.staffRequestsPerAccount.hit(verdict.staff.id);
			if (!verdict2.ok) return tooManyRequests(verdict2, locale);
			context.locals.staff = verdict.staff;
			return null;
		}
	}
}
