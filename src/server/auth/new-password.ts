import { z } from 'zod';
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

const nameFields = z.object({ first_name: z.unknown(), last_name: z.unknown() });

/** What a signed-in person is called: their new password must not be built from it. */
export function personalWords(user: User | null | undefined): string[] {
	// The auth service keeps whatever sign-up sent: read the two names only if they are strings.
	const meta = nameFields.safeParse(user?.user_metadata).data;
	return [user?.email, meta?.first_name, meta?.last_name].filter(
		(value): value is string => typeof value === 'string' && value !== '',
	);
}
