import type { APIRoute } from 'astro';
import { localizePath, splitLocale } from '~/i18n';
import { referralCookieName } from '~/lib/affiliate/referral';
import { safeReturnPath } from '~/lib/auth/return-to';
import { completeExternalSignUp } from '~/server/auth/external-sign-up';

export const prerender = false;

/**
 * Where emailed links (sign-up confirmation, password reset, e-mail change) and Google land: exchanges the
 * one-time code for a session in cookies, then goes on to `next`, a path on this site. A customer
 * new from Google first gets what a sign-up form would have given (names, language, referral).
 */
export const GET: APIRoute = async ({ url, locals, redirect, cookies }) => {
	const next = safeReturnPath(url.searchParams.get('next'));
	const { locale } = splitLocale(next);
	const code = url.searchParams.get('code');
	if (code && locals.supabase) {
		const { data, error } = await locals.supabase.auth.exchangeCodeForSession(code);
		if (!error) {
			const referral = cookies.get(referralCookieName)?.value;
			await completeExternalSignUp(locals.supabase, data.user, locale, referral);
			return redirect(next, 303);
		}
	}
	// The auth service sends a failed or cancelled Google sign-in back with `error` instead of a code.
	if (url.searchParams.get('error'))
		return redirect(`${localizePath('/login', locale)}?error=googleFailed`, 303);
	// The first of an e-mail change's two links: accepted, nothing to sign in with yet.
	if (!code && url.searchParams.get('message') && next.includes('email=changed'))
		return redirect(next.replace('email=changed', 'email=halfway'), 303);
	return redirect(`${localizePath('/login', locale)}?error=linkInvalid`, 303);
};
