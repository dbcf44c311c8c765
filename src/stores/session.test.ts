import { beforeEach, describe, expect, it } from 'vitest';
import { $session, forgetSessionForTests, syncSession } from './session';

const cookie = (token: string, firstName = 'Ingrid', id = 'u1') =>
	'sb-127-auth-token=base64-' +
	Buffer.from(
		JSON.stringify({
			access_token: token,
			expires_at: 1,
			user: { id, email: 'i@example.com', user_metadata: { first_name: firstName } },
		}),
	).toString('base64url');

beforeEach(forgetSessionForTests);

describe('$session mirrors auth events from the cookies', () => {
	it('initial session, refresh, update, sign-out, sign-in', () => {
		expect(syncSession(cookie('t1'))).toMatchObject({
			event: 'INITIAL_SESSION',
			user: { firstName: 'Ingrid' },
		});
		expect(syncSession(cookie('t1')).event).toBe('INITIAL_SESSION');
		expect(syncSession(cookie('t2')).event).toBe('TOKEN_REFRESHED');
		expect(syncSession(cookie('t3', 'Inga')).event).toBe('USER_UPDATED');
		expect(syncSession('locale=da')).toEqual({ event: 'SIGNED_OUT', user: null });
		expect(syncSession(cookie('t4', 'Jonas', 'u2')).event).toBe('SIGNED_IN');
		expect($session.get().user?.firstName).toBe('Jonas');
	});

	it('a sign-in that arrives on the reset page is a password recovery', () => {
		syncSession('');
		expect(syncSession(cookie('t1'), '/da/reset-password').event).toBe('PASSWORD_RECOVERY');
	});
});
