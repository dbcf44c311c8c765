import type { APIRoute } from 'astro';
import type { EmailOtpType } from '@supabase/supabase-js';
import { localizePath, splitLocale } from '~/i18n';
import { safeReturnPath } from '~/lib/auth/return-to';

export const prerender = false;

const types = new Set<EmailOtpType>(['recovery', 'signup', 'email', 'magiclink', 'email_change']);

/**
 * Where links the site mails itself land (the reset link in a "your password is being guessed"
 * alert): verifies the one-time token hash for a session in cookies, then goes on to `next`.
 */
export const GET: APIRoute = async ({ url, locals, redirect }) => {
	const next = safeReturnPath(url.searchParams.get('next'));
	const { locale } = splitLocale(next);
	const tokenHash = url.searchParams.get('token_hash');
	const type = [...types].find((known) => known === url.searchParams.get('type'));
	if (tokenHash && type && locals.supabase) {
		const { error } = await locals.supabase.auth.verifyOtp({ token_hash: tokenHash, type });
		if (!error) return redirect(next, 303);
	}
	return redirect(`${localizePath('/login', locale)}?error=linkInvalid`, 303);
};
