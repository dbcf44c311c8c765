import { AuthApiError, AuthWeakPasswordError } from '@supabase/supabase-js';
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

	it('gives the auth service’s reasons for a weak password in the page’s words, once each', () => {
		const weak = new AuthWeakPasswordError('weak', 422, ['length', 'pwned', 'characters', 'pwned']);
		expect(describeAuthError(weak)).toEqual({
			message: 'auth.error.weakPassword',
			reasons: ['length', 'common', 'anotherWord'],
		});
		expect(describeAuthError(failure('weak_password'))).toEqual({
			message: 'auth.error.weakPassword',
			reasons: [],
		});
	});
});
