import type { APIRoute } from 'astro';
import { isLocale, localizePath } from '~/i18n';

export const prerender = false;

/** Signs out: revokes the session and clears its cookies. The cart is the browser's and stays. */
export const POST: APIRoute = async ({ url, locals, redirect }) => {
	const localeParam = url.searchParams.get('locale');
	const locale = isLocale(localeParam) ? localeParam : 'en';
	await locals.supabase?.auth.signOut({ scope: 'local' });
	return redirect(`${localizePath('/login', locale)}?notice=signedOut`, 303);
};
