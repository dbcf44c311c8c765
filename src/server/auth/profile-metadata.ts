import type { User } from '@supabase/supabase-js';
import { z } from 'zod';
import { logger } from '../log/logger';
import type { RequestClient } from '../supabase/request-client';

/**
 * What the auth service keeps of the profile in the user metadata: the names, which the header
 * shows from the session cookie on every page without asking the database (src/lib/auth/
 * session-cookie.ts), and the language its own mails are written in (supabase/templates). The
 * profile is where they live; this copies them over whenever the profile gets them.
 */
export interface ProfileCopy {
	first_name: string;
	last_name: string;
	locale: string;
}

/** Updates the metadata where it differs from the profile. A failure costs only the copy. */
export async function copyProfileToAuth(
	supabase: RequestClient,
	user: User,
	profile: ProfileCopy,
): Promise<void> {
	const stale = Object.entries(profile).filter(
		([key, value]) => user.user_metadata?.[key] !== value,
	);
	if (stale.length === 0) return;
	const { error } = await supabase.auth.updateUser({ data: Object.fromEntries(stale) });
	if (error) logger.warn('profile not copied to auth', { userId: user.id, error: error.message });
}

const profileRow = z.object({
	first_name: z.string(),
	last_name: z.string(),
	preferred_locale: z.string(),
});

/**
 * For an account whose metadata has no first name (a Google account made before the names were
 * copied): the profile's, read as the customer.
 */
export async function copyMissingNames(supabase: RequestClient, user: User): Promise<void> {
	if (user.user_metadata?.first_name) return;
	const { data } = await supabase
		.from('profiles')
		.select('first_name, last_name, preferred_locale')
		.eq('id', user.id)
		.maybeSingle();
	const profile = profileRow.safeParse(data);
	if (!profile.success || !profile.data.first_name) return;
	const { first_name, last_name, preferred_locale } = profile.data;
	await copyProfileToAuth(supabase, user, { first_name, last_name, locale: preferred_locale });
}
