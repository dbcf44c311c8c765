import { createClient } from '@supabase/supabase-js';
import { TOTP } from 'otpauth';
import type { Database } from '../../../src/lib/database.types.ts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, other, startProductStack, type Personas } from './personas.ts';

// my_sessions and end_my_session: a customer sees and ends only their own sign-in sessions, and an
// ended session is over for Auth at once (its access token and refresh token are refused).

let p: Personas;
beforeAll(async () => {
	p = await startProductStack();
});
afterAll(async () => {
	await p?.stack.stop();
});

async function signIn(who: { email: string; password: string }, userAgent: string) {
	const client = createClient<Database>(p.stack.url, p.stack.anonKey, {
		auth: { persistSession: false, autoRefreshToken: false },
		global: { headers: { 'User-Agent': userAgent } },
	});
	const { data, error } = await client.auth.signInWithPassword(who);
	if (error) throw error;
	const claims = JSON.parse(
		Buffer.from(data.session.access_token.split('.')[1] ?? '', 'base64url').toString(),
	) as { session_id: string };
	return { client, session: data.session, sessionId: claims.session_id };
}

describe('the customer’s sessions', () => {
	it('lists only the caller’s own sessions, with device and last use', async () => {
		const laptop = await signIn(demo, 'Laptop-Browser/1.0');
		const phone = await signIn(demo, 'Phone-Browser/2.0');
		const stranger = await signIn(other, 'Stranger/1.0');
		const { data, error } = await laptop.client.rpc('my_sessions');
		expect(error).toBeNull();
		const ids = (data ?? []).map((row) => row.id);
		expect(ids).toContain(laptop.sessionId);
		expect(ids).toContain(phone.sessionId);
		expect(ids).not.toContain(stranger.sessionId);
		const row = (data ?? []).find((session) => session.id === phone.sessionId);
		expect(row?.user_agent).toBe('Phone-Browser/2.0');
		expect(row?.last_used_at).toBeTruthy();
		expect((await p.anon.rpc('my_sessions')).error).not.toBeNull();
	});

	it('ends one of the caller’s sessions, never someone else’s', async () => {
		const laptop = await signIn(demo, 'Laptop-Browser/1.0');
		const phone = await signIn(demo, 'Phone-Browser/2.0');
		const stranger = await signIn(other, 'Stranger/1.0');
		const refused = await laptop.client.rpc('end_my_session', { session_id: stranger.sessionId });
		expect(refused.data).toBe(false);
		expect((await p.anon.auth.getUser(stranger.session.access_token)).error).toBeNull();
		expect((await p.anon.auth.getUser(phone.session.access_token)).error).toBeNull();
		const ended = await laptop.client.rpc('end_my_session', { session_id: phone.sessionId });
		expect(ended.data).toBe(true);
		const gone = await p.anon.auth.getUser(phone.session.access_token);
		// Auth answers 403 session_not_found, which auth-js reports as a missing session.
		expect(gone.data.user).toBeNull();
		expect(gone.error?.name).toBe('AuthSessionMissingError');
		const refresh = await phone.client.auth.refreshSession({
			refresh_token: phone.session.refresh_token,
		});
		expect(refresh.error).not.toBeNull();
		expect((await p.anon.auth.getUser(laptop.session.access_token)).error).toBeNull();
	});

	it('refuses a password-only session of a two-factor customer', async () => {
		const who = {
			email: `sessions-2fa-${Date.now()}@example.com`,
			password: 'Two-Factor-Lantern-2026',
		};
		const created = await p.service.auth.admin.createUser({ ...who, email_confirm: true });
		expect(created.error).toBeNull();
		const full = await signIn(who, 'Laptop-Browser/1.0');
		const { data: enrolled, error } = await full.client.auth.mfa.enroll({ factorType: 'totp' });
		if (error) throw error;
		const code = new TOTP({ secret: enrolled.totp.secret }).generate();
		const verified = await full.client.auth.mfa.challengeAndVerify({ factorId: enrolled.id, code });
		expect(verified.error).toBeNull();
		const half = await signIn(who, 'Phone-Browser/2.0');
		const answers = [
			await half.client.rpc('my_sessions'),
			await half.client.rpc('end_my_session', { session_id: full.sessionId }),
		];
		expect(answers.map((answer) => answer.error?.code)).toEqual(['42501', '42501']);
		// The complete (aal2) session is served.
		expect((await full.client.rpc('my_sessions')).error).toBeNull();
	});
});
