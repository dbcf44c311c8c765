import type { AuthError } from '@supabase/supabase-js';
import type { UiKey } from '../../i18n';

/** What a customer is told when the auth service refuses a two-factor call. */
export function describeMfaError(error: AuthError): { message: UiKey; wrongCode: boolean } {
	switch (error.code) {
		case 'mfa_verification_failed':
		case 'mfa_verification_rejected':
			// A used code (replayed within its window) is refused the same way as a wrong one.
			return { message: 'mfa.error.wrongCode', wrongCode: true };
		case 'mfa_challenge_expired':
			return { message: 'mfa.error.expired', wrongCode: false };
		case 'over_request_rate_limit':
			return { message: 'auth.error.rateLimited', wrongCode: false };
		default:
			return error.status === 429
				? { message: 'auth.error.rateLimited', wrongCode: false }
				: { message: 'mfa.error.generic', wrongCode: false };
	}
}
