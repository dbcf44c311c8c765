import { AuthApiError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { describeMfaError } from './errors';

const error = (code: string, status = 422) => new AuthApiError('x', status, code);

describe('describeMfaError', () => {
	it('tells a wrong or reused code from an expired challenge and a rate limit', () => {
		expect(describeMfaError(error('mfa_verification_failed'))).toEqual({
			message: 'mfa.error.wrongCode',
			wrongCode: true,
		});
		expect(describeMfaError(error('mfa_challenge_expired')).message).toBe('mfa.error.expired');
		expect(describeMfaError(error('over_request_rate_limit', 429)).message).toBe(
			'auth.error.rateLimited',
		);
		expect(describeMfaError(error('unexpected_failure', 500))).toEqual({
			message: 'mfa.error.generic',
			wrongCode: false,
		});
	});
});
