import { createClient, type User } from '@supabase/supabase-js';
import type { UiKey } from '../../i18n';
import { currencies } from '../../lib/catalogue';
import { localeCodes } from '../../i18n';
import { describeAuthError, type PasswordReason } from '../auth/errors';
import { requireSupabaseEnv } from '../supabase/env';
import type { RequestClient } from '../supabase/request-client';

export interface ProfileFields {
	first_name: string;
	last_name: string;
	address: string;
	postal_code: string;
	city: string;
	country: string | null;
	company: string;
	vat_number: string;
	preferred_locale: string;
	preferred_currency: string;
}

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
	if (!(currencies as readonly string[]).includes(fields.preferred_currency))
		return { ok: false, message: 'profile.updateError', detail: 'preferred_currency' };
	const { error } = await supabase.from('profiles').update(fields).eq('id', user.id);
	return error
		? { ok: false, message: 'profile.updateError', detail: error.message }
		: { ok: true, message: 'profile.saved' };
}

/**
 * Changes the password after proving the current one, with a throwaway client so the proof does
 * not touch the visitor's session.
 */
export async function changePassword(
	supabase: RequestClient,
	user: User,
	current: string,
	next: string,
	confirm: string,
): Promise<Outcome> {
	if (!current || !next || !confirm || next !== confirm)
		return { ok: false, message: 'profile.passwordCheck' };
	const env = requireSupabaseEnv();
	const probe = createClient(env.url, env.anonKey, {
		auth: { persistSession: false, autoRefreshToken: false },
	});
	const proof = await probe.auth.signInWithPassword({ email: user.email ?? '', password: current });
	if (proof.error) {
		return proof.error.code === 'invalid_credentials'
			? { ok: false, message: 'profile.currentPasswordWrong' }
			: { ok: false, message: describeAuthError(proof.error).message };
	}
	await probe.auth.signOut({ scope: 'local' });
	const { error } = await supabase.auth.updateUser({ password: next });
	if (!error) return { ok: true, message: 'profile.passwordSaved' };
	const failure = describeAuthError(error);
	return {
		ok: false,
		message: failure.reasons ? failure.message : 'profile.passwordUpdateError',
		detail: error.message,
		reasons: failure.reasons,
	};
}
