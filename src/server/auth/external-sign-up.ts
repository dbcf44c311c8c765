import type { User } from '@supabase/supabase-js';
import { z } from 'zod';
import type { Locale } from '../../i18n';
import { referralData } from '../../lib/affiliate/referral';
import { splitFullName } from '../../lib/auth/full-name';
import { logger } from '../log/logger';
import { copyMissingNames, copyProfileToAuth } from './profile-metadata';
import type { RequestClient } from '../supabase/request-client';

/** What Google's identity puts in the user metadata, as far as the profile uses it. */
const providerMetadata = z.object({
	full_name: z.string().optional(),
	name: z.string().optional(),
});

/**
 * After a sign-in through Google: a customer who has just signed up that way gets what a password
 * sign-up's form gives (names, language, the referral cookie's partner), in the profile and, for
 * the header, in the user metadata. The database decides whether the account is such a new one
 * (complete_external_sign_up), so a returning or linked customer is left as they are, but for
 * names the metadata still lacks. A failure costs only these details, never the sign-in.
 */
export async function completeExternalSignUp(
	supabase: RequestClient,
	user: User,
	locale: Locale,
	referralCookie: string | undefined,
): Promise<void> {
	if (user.app_metadata.provider === 'email') return;
	const metadata = providerMetadata.safeParse(user.user_metadata);
	const full = metadata.success ? (metadata.data.full_name ?? metadata.data.name ?? '') : '';
	const { firstName, lastName } = splitFullName(full);
	const { data: completed, error } = await supabase.rpc('complete_external_sign_up', {
		first_name: firstName,
		last_name: lastName,
		locale,
		referral_code: referralData(referralCookie).referral_code ?? '',
	});
	if (error) logger.warn('external sign-up not completed', { error: error.message });
	// The header names the customer from the session, as after a password sign-up.
	if (completed === true)
		await copyProfileToAuth(supabase, user, { first_name: firstName, last_name: lastName, locale });
	else await copyMissingNames(supabase, user);
}
