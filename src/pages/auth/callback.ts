import type { APIRoute } from 'astro';
import { localizePath, splitLocale } from '~/i18n';
import { safeReturnPath } from '~/lib/auth/return-to';

export const prerender = false;

/**
 * Where emailed links (sign-up confirmation, password reset, e-mail change) and Google land: exchanges the
 * one-time code for a session in cookies, then goes on to `next`, a path on this site.
 */
export const GET: APIRoute = async ({ url, locals, redirect }) => {
	const next = safeReturnPath(url.searchParams.get('next'));
	const { locale } = splitLocale(next);
	const code = url.searchParams.get('code');
	if (code && locals.supabase) {
		const { error } = await locals.supabase.auth.exchangeCodeForSession(code);
		if (!error) return redirect(next, 303);
	}
	// The first of an e-mail change's two links: accepted, nothing to sign in with yet.
	if (!code && url.searchParams.get('message') && next.includes('email=changed'))
		return redirect(next.replace('email=changed', 'email=halfway'), 303);
	return redirect(`${localizePath('/login', locale)}?error=linkInvalid`, 303);
};
