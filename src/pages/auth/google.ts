import type { APIRoute } from 'astro';
import { z } from 'zod';
import { isLocale, localizePath } from '~/i18n';
import { safeReturnPath } from '~/lib/auth/return-to';
import { supabaseEnv } from '~/server/supabase/env';
import { authCallbackUrl } from '~/server/auth/callback-url';

export const prerender = false;

/** The auth service's public settings (GET /auth/v1/settings), as far as this reads them. */
const authSettingsSchema = z.object({
	external: z.object({ google: z.boolean().optional() }).optional(),
});

/**
 * "Sign in with Google": only when the auth service has Google enabled (its public settings say
 * so); otherwise back to the sign-in page with a clear message instead of the service's raw error.
 */
export const POST: APIRoute = async ({ url, locals, redirect }) => {
	const localeParam = url.searchParams.get('locale');
	const locale = isLocale(localeParam) ? localeParam : 'en';
	const next = safeReturnPath(url.searchParams.get('next'), localizePath('/panel', locale));
	const env = supabaseEnv();
	// An answer that is not the settings counts as no answer: Google is off.
	const settings: z.infer<typeof authSettingsSchema> = env
		? await fetch(`${env.url}/auth/v1/settings`, { headers: { apikey: env.anonKey } })
				.then((r) => r.json())
				.then((body) => authSettingsSchema.parse(body))
				.catch(() => ({}))
		: {};
	if (!settings.external?.google || !locals.supabase) {
		return redirect(
			`${localizePath('/login', locale)}?error=googleDisabled&next=${encodeURIComponent(next)}`,
			303,
		);
	}
	const { data, error } = await locals.supabase.auth.signInWithOAuth({
		provider: 'google',
		options: { redirectTo: authCallbackUrl(next) },
	});
	if (error || !data.url)
		return redirect(`${localizePath('/login', locale)}?error=googleDisabled`, 303);
	return redirect(data.url, 303);
};
