import type { UiKey } from '../../i18n';
import { limits } from '../rate-limit/limits';
import type { RequestClient } from '../supabase/request-client';
import { describeAuthError, type PasswordReason } from './errors';
import { atLeast } from './form';

/** Sign-up answers no sooner than this, so a known address (no new row, no mail) is not faster. */
export const signUpFloorMs = 800;

export type SignUpResult =
	| { kind: 'signedIn' }
	| { kind: 'checkEmail' }
	| {
			kind: 'failed';
			message: UiKey;
			status: number;
			reasons: PasswordReason[];
			retryAfterSeconds?: number;
	  };

interface Registration {
	supabase: RequestClient;
	email: string;
	password: string;
	data: Record<string, string>;
	emailRedirectTo: string;
	clientAddress: string;
}

/** The auth service's answers that mean "this address is taken": told only to its owner, by mail. */
const takenCodes = new Set(['user_already_exists', 'email_exists', 'over_email_send_rate_limit']);

/**
 * Creates an account. Whether the address already had one never shows: a taken address gets the
 * same "check your e-mail" answer, status and timing as a new one.
 */
export async function signUp(registration: Registration): Promise<SignUpResult> {
	const verdict = await limits.signUpPerAddress.hit(registration.clientAddress);
	if (!verdict.ok)
		return {
			kind: 'failed',
			message: 'auth.error.rateLimited',
			status: 429,
			reasons: [],
			retryAfterSeconds: verdict.retryAfterSeconds,
		};
	const { data, error } = await atLeast(
		signUpFloorMs,
		registration.supabase.auth.signUp({
			email: registration.email,
			password: registration.password,
			options: { emailRedirectTo: registration.emailRedirectTo, data: registration.data },
		}),
	);
	if (!error) return data.session ? { kind: 'signedIn' } : { kind: 'checkEmail' };
	if (takenCodes.has(error.code ?? '')) return { kind: 'checkEmail' };
	const failure = describeAuthError(error);
	const status = failure.message === 'auth.error.rateLimited' ? 429 : 400;
	return { kind: 'failed', message: failure.message, status, reasons: failure.reasons ?? [] };
}
