import { createClient, type User } from '@supabase/supabase-js';
import type { UiKey } from '../../i18n';
import type { ProfileFields } from '../../lib/account/profile-fields';
import { isCurrency } from '../../lib/catalogue';
import type { Database } from '../../lib/database.types';
import { localeCodes } from '../../i18n';
import { describeAuthError, type PasswordReason } from '../auth/errors';
import { checkNewPassword, personalWords } from '../auth/new-password';
import { copyProfileToAuth } from '../auth/profile-metadata';
import { accountKey, limits as rateLimits } from '../rate-limit/limits';
import { requireSupabaseEnv } from '../supabase/env';
import { forwardingFetch } from '../supabase/forwarding';
import type { RequestClient } from '../supabase/request-client';

export type { ProfileFields };

export type Outcome =
	| { ok: true; message: UiKey }
	| { ok: false; message: UiKey; detail?: string; reasons?: PasswordReason[] };

const limits: Partial<Record<keyof ProfileFields, number>> = {
	first_name: 100,
	last_name: 100,
	address: 200,
	postal_code: 20,
	city: 100,
	company: 200,
	vat_number: 30,
};

/** Checks and saves the customer's own profile; row-level security makes "own" a guarantee. */
export async function saveProfile(
	supabase: RequestClient,
	user: User,
	fields: ProfileFields,
): Promise<Outcome> {
	if (!fields.first_name || !fields.last_name)
		return { ok: false, message: 'auth.error.missingFields' };
	const tooLong = Object.entries(limits).find(
		([key, max]) => String(fields[key as keyof ProfileFields] ?? '').length > max,
	);
	if (tooLong) return { ok: false, message: 'profile.updateError', detail: tooLong[0] };
	if (fields.country !== null && !/^[A-Z]{2}$/.test(fields.country))
		return { ok: false, message: 'profile.updateError', detail: 'country' };
	if (!(localeCodes as string[]).includes(fields.preferred_locale))
		return { ok: false, message: 'profile.updateError', detail: 'preferred_locale' };
	if (!isCurrency(fields.preferred_currency))
		return { ok: false, message: 'profile.updateError', detail: 'preferred_currency' };
	const { error } = await supabase.from('profiles').update(fields).eq('id', user.id);
	if (error) return { ok: false, message: 'profile.updateError', detail: error.message };
	// The header's name and the auth service's mails (their language) read the metadata's copy.
	await copyProfileToAuth(supabase, user, {
		first_name: fields.first_name,
		last_name: fields.last_name,
		locale: fields.preferred_locale,
	});
	return { ok: true, message: 'profile.saved' };
}

/**
 * Changes the password after proving the current one, with a throwaway client so the proof does
 * not touch the visitor's session. The new one must pass the same policy as on sign-up.
 */
export async function changePassword(
	supabase: RequestClient,
	user: User,
	entries: { current: string; next: string; confirm: string },
	clientAddress: string,
): Promise<Outcome> {
	if (!entries.current || !entries.next || !entries.confirm || entries.next !== entries.confirm)
		return { ok: false, message: 'profile.passwordCheck' };
	const strength = checkNewPassword(entries.next, entries.confirm, personalWords(user));
	if (!strength.ok) return { ok: false, message: strength.message, reasons: strength.reasons };
	// A stolen session must not become a way to guess the password itself.
	const account = accountKey(user.email ?? user.id);
	const verdict = await rateLimits.passwordProofPerAccount.check(account);
	if (!verdict.ok) return { ok: false, message: 'auth.error.rateLimited' };
	const env = requireSupabaseEnv();
	const fetch = forwardingFetch(clientAddress);
	const probe = createClient<Database>(env.url, env.anonKey, {
		auth: { persistSession: false, autoRefreshToken: false },
		...(fetch ? { global: { fetch } } : {}),
	});
	const proof = await probe.auth.signInWithPassword({
		email: user.email ?? '',
		password: entries.current,
	});
	if (proof.error) {
		if (proof.error.code !== 'invalid_credentials')
			return { ok: false, message: describeAuthError(proof.error).message };
		await rateLimits.passwordProofPerAccount.record(account);
		return { ok: false, message: 'profile.currentPasswordWrong' };
	}
	await probe.auth.signOut({ scope: 'local' });
	const { error } = await supabase.auth.updateUser({ password: entries.next });
	if (!error) {
		// The form promises it (sessions.passwordNote): every other session ends. The auth service
		// already does so on a password change; asking for scope=others keeps the promise on any.
		await supabase.auth.signOut({ scope: 'others' });
		return { ok: true, message: 'profile.passwordSaved' };
	}
	const failure = describeAuthError(error);
	return {
		ok: false,
		message: failure.reasons ? failure.message : 'profile.passwordUpdateError',
		detail: error.message,
		reasons: failure.reasons,
	};
}
