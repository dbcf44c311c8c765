import type { User } from '@supabase/supabase-js';
import type { UiKey } from '../../i18n';
import { passwordProblems, type PasswordFeedback } from './password-strength';

export type NewPasswordCheck =
	{ ok: true } | { ok: false; message: UiKey; reasons: PasswordFeedback[] };

/**
 * The checks a new password passes before it goes to the auth service, the same on sign-up,
 * reset and the password tab: both entries given and equal, and strong enough for this person.
 */
export function checkNewPassword(
	password: string,
	confirm: string,
	personal: (string | null | undefined)[],
): NewPasswordCheck {
	if (!password || !confirm) return { ok: false, message: 'auth.error.missingFields', reasons: [] };
	if (password !== confirm)
		return { ok: false, message: 'auth.error.passwordMismatch', reasons: [] };
	const reasons = passwordProblems(
		password,
		personal.filter((v): v is string => !!v),
	);
	return reasons.length === 0
		? { ok: true }
		: { ok: false, message: 'auth.error.weakPassword', reasons };
}

/** What a signed-in person is called: their new password must not be built from it. */
export function personalWords(user: User | null | undefined): string[] {
	const meta = (user?.user_metadata ?? {}) as Record<string, unknown>;
	return [user?.email, meta.first_name, meta.last_name].filter(
		(value): value is string => typeof value === 'string' && value !== '',
	);
}
