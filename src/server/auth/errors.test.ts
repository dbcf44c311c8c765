import { AuthApiError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { describeAuthError } from './errors';

// The auth service's error codes (Supabase Auth's ErrorCode list) in the words the pages use.

const failure = (code: string, status = 422) => new AuthApiError('from the service', status, code);

describe('describeAuthError', () => {
	it('says a new password equal to the current one is the problem, not "something went wrong"', () => {
		expect(describeAuthError(failure('same_password'))).toEqual({
			message: 'auth.error.samePassword',
		});
	});

	it('never tells an unknown address from a wrong password', () => {
		expect(describeAuthError(failure('invalid_credentials', 400)).message).toBe(
			'auth.error.invalidCredentials',
		);
		expect(describeAuthError(failure('user_not_found', 404)).message).toBe(
			'auth.error.invalidCredentials',
		);
	});

	it('falls back to the generic message, or to the rate-limit one for any 429', () => {
		expect(describeAuthError(failure('unexpected_failure', 500)).message).toBe(
			'auth.error.generic',
		);
		expect(describeAuthError(failure('something_new', 429)).message).toBe('auth.error.rateLimited');
	});
});
