import type { User } from '@supabase/supabase-js';
import { describeAuthError } from '../auth/errors';
import { looksLikeEmail } from '../auth/form';
import type { RequestClient } from '../supabase/request-client';
import type { Outcome } from './profile';

/**
 * Asks the auth service to change the customer's e-mail address. Nothing changes yet: it mails a
 * confirmation link to the new address and, with secure e-mail change (on by default), to the
 * current one too; the address changes once the links are opened. `redirectTo` is where the links
 * land (the site's auth callback, then the profile page).
 */
export async function requestEmailChange(
	supabase: RequestClient,
	user: User,
	raw: string,
	redirectTo: string,
): Promise<Outcome> {
	const email = raw.trim().toLowerCase();
	if (!email) return { ok: false, message: 'auth.error.missingFields' };
	if (!looksLikeEmail(email) || email.length > 254)
		return { ok: false, message: 'auth.error.invalidEmail' };
	if (email === user.email?.toLowerCase()) return { ok: false, message: 'profile.emailSame' };
	const { error } = await supabase.auth.updateUser({ email }, { emailRedirectTo: redirectTo });
	if (!error) return { ok: true, message: 'profile.emailSent' };
	// A signed-in customer learns only that this address cannot be theirs, as on the hosted form.
	if (error.code === 'email_exists') return { ok: false, message: 'profile.emailTaken' };
	return { ok: false, message: describeAuthError(error).message };
}

/** The notice an e-mail link leaves on the profile page (`?email=` set by the auth callback). */
export function emailNotice(param: string | null): Outcome | null {
	if (param === 'changed') return { ok: true, message: 'profile.emailChanged' };
	if (param === 'halfway') return { ok: true, message: 'profile.emailHalfway' };
	return null;
}
