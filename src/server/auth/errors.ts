import { z } from 'zod';
import type { AuthError } from '@supabase/supabase-js';
import type { UiKey } from '../../i18n';
import type { PasswordFeedback } from './password-strength';

export type PasswordReason = PasswordFeedback;

export interface AuthFailure {
	message: UiKey;
	reasons?: PasswordReason[];
}

const weakReasons = z.object({ reasons: z.array(z.string()) });

/** The auth service's reasons for a weak password, in the words the page uses. */
function passwordReasons(error: AuthError): PasswordReason[] {
	// GoTrue's weak_password error carries its reasons; the client's class does not type them.
	const reasons = weakReasons.safeParse(error).data?.reasons ?? [];
	const mapped = reasons.map((reason) =>
		reason === 'length' ? 'length' : reason === 'pwned' ? 'common' : 'anotherWord',
	);
	return [...new Set(mapped)];
}

/**
 * What to tell a visitor about a failed auth call, without revealing whether an account exists
 * (sign-in failures all read "invalid email or password").
 */
export function describeAuthError(error: AuthError): AuthFailure {
	switch (error.code) {
		case 'invalid_credentials':
		case 'user_not_found':
			return { message: 'auth.error.invalidCredentials' };
		case 'email_not_confirmed':
			return { message: 'auth.error.emailNotConfirmed' };
		case 'over_request_rate_limit':
		case 'over_email_send_rate_limit':
			return { message: 'auth.error.rateLimited' };
		case 'weak_password':
			return { message: 'auth.error.weakPassword', reasons: passwordReasons(error) };
		case 'same_password':
			return { message: 'auth.error.samePassword' };
		case 'email_address_invalid':
		case 'validation_failed':
			return { message: 'auth.error.invalidEmail' };
		case 'otp_expired':
		case 'bad_code_verifier':
		case 'flow_state_not_found':
		case 'flow_state_expired':
			return { message: 'auth.error.linkInvalid' };
		default:
			return error.status === 429
				? { message: 'auth.error.rateLimited' }
				: { message: 'auth.error.generic' };
	}
}
