import { randomUUID } from 'node:crypto';
import { AuthApiError, AuthSessionMissingError } from '@supabase/supabase-js';
import type { AuthChangeEvent } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import { PASSWORD, api, signedInUser, startTestStack } from './helpers.ts';
import {
	claimsOf,
	enrollTotp,
	passwordSession,
	totpCode,
	userWithVerifiedFactor,
	wrongCode,
} from './mfa-helpers.ts';

// Two-factor sign-in (TOTP) through unmodified supabase-js, as GoTrue serves it: enrol, challenge,
// verify (the session becomes aal2, the user's other aal1 sessions end), unenrol, the factor list,
// the assurance level, and the errors with GoTrue's codes and statuses.

let stack: LocalStack;

beforeAll(async () => {
	stack = await startTestStack();
});
afterAll(async () => {
	await stack?.stop();
});

function expectAuthError(error: unknown, status: number, code: string): void {
	expect(error).toBeInstanceOf(AuthApiError);
	expect(error).toMatchObject({ status, code });
}

describe('enrolling a TOTP factor', () => {
	it('answers with the secret, its key URI and a QR code, and lists the factor as unverified', async () => {
		const { client, email } = await signedInUser(stack);
		const enrolled = await enrollTotp(client, 'Laptop');
		expect(enrolled).toMatchObject({ type: 'totp', friendly_name: 'Laptop' });
		expect(enrolled.id).toMatch(/^[0-9a-f-]{36}$/);
		expect(enrolled.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
		// The issuer defaults to the site URL's host; the account is the user's e-mail.
		expect(enrolled.totp.uri).toBe(
			`otpauth://totp/localhost:4321:${email}?algorithm=SHA1&digits=6&issuer=localhost%3A4321&period=30&secret=${enrolled.totp.secret}`,
		);
		expect(enrolled.totp.qr_code).toMatch(/^data:image\/svg\+xml;utf-8,<svg[\s\S]*<\/svg>$/);

		const { data: factors } = await client.auth.mfa.listFactors();
		expect(factors?.totp).toEqual([]);
		expect(factors?.all).toEqual([
			expect.objectContaining({
				id: enrolled.id,
				friendly_name: 'Laptop',
				factor_type: 'totp',
				status: 'unverified',
			}),
		]);
		expect(JSON.stringify(factors)).not.toContain(enrolled.totp.secret);
	});

	it('takes the issuer given', async () => {
		const { client, email } = await signedInUser(stack);
		const { data } = await client.auth.mfa.enroll({ factorType: 'totp', issuer: 'Frostnode' });
		expect(data?.totp.uri).toMatch(new RegExp(`^otpauth://totp/Frostnode:${email}\\?`));
	});

	it('omits `factors` from the user of someone who has none', async () => {
		const { client } = await signedInUser(stack);
		const { data } = await client.auth.getUser();
		expect(data.user).not.toHaveProperty('factors');
	});

	it('refuses a second factor with the same friendly name, and phone and WebAuthn factors', async () => {
		const { client } = await signedInUser(stack);
		await enrollTotp(client, 'Phone');
		const same = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Phone' });
		expectAuthError(same.error, 422, 'mfa_factor_name_conflict');
		const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
		expectAuthError(phone.error, 422, 'mfa_phone_enroll_not_enabled');
		const webauthn = await client.auth.mfa.enroll({ factorType: 'webauthn' });
		expectAuthError(webauthn.error, 422, 'mfa_webauthn_enroll_not_enabled');
	});

	it('stops at ten factors', async () => {
		const { client } = await signedInUser(stack);
		for (let n = 0; n < 10; n += 1) await enrollTotp(client, `Device ${n}`);
		const eleventh = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'One more' });
		expectAuthError(eleventh.error, 422, 'too_many_enrolled_mfa_factors');
	});

	it('needs a signed-in user', async () => {
		const response = await api(stack, '/auth/v1/factors', {
			method: 'POST',
			body: JSON.stringify({ factor_type: 'totp' }),
		});
		expect(response.status).toBe(403);
		expect(((await response.json()) as { error_code: string }).error_code).toBe('bad_jwt');
	});
});

describe('verifying a factor', () => {
	it('completes enrolment and upgrades the session to aal2 with amr [totp, password]', async () => {
		const { client, session } = await signedInUser(stack);
		const factor = await enrollTotp(client);
		const events: AuthChangeEvent[] = [];
		client.auth.onAuthStateChange((event) => {
			events.push(event);
		});
		const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
		expect(challenge.data).toMatchObject({ type: 'totp' });
		const now = Math.floor(Date.now() / 1000);
		expect(challenge.data?.expires_at).toBeGreaterThanOrEqual(now + 299);
		expect(challenge.data?.expires_at).toBeLessThanOrEqual(now + 301);

		const verified = await client.auth.mfa.verify({
			factorId: factor.id,
			challengeId: challenge.data?.id ?? '',
			code: totpCode(factor.totp.secret),
		});
		expect(verified.error).toBeNull();
		expect(verified.data?.refresh_token).not.toBe(session.refresh_token);
		const claims = claimsOf(verified.data?.access_token ?? '');
		expect(claims.aal).toBe('aal2');
		expect(claims.session_id).toBe(claimsOf(session.access_token).session_id);
		expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual([
			'totp',
			'password',
		]);
		expect(events).toContain('MFA_CHALLENGE_VERIFIED');
		expect(verified.data?.user.factors).toEqual([
			expect.objectContaining({ id: factor.id, status: 'verified' }),
		]);

		const { data: factors } = await client.auth.mfa.listFactors();
		expect(factors?.totp.map((listed) => listed.id)).toEqual([factor.id]);
		const { data: level } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
		expect(level).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
	});

	it('asks a password sign-in of a user with a verified factor for aal2, and gives it for a code', async () => {
		const { email, secret, factorId } = await userWithVerifiedFactor(stack);
		const { client, session } = await passwordSession(stack, email, PASSWORD);
		const { data: before } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
		expect(before).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
		const { data: withJwt } = await client.auth.mfa.getAuthenticatorAssuranceLevel(
			session.access_token,
		);
		expect(withJwt).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });

		const { data: factors } = await client.auth.mfa.listFactors();
		expect(factors?.totp.map((factor) => factor.id)).toEqual([factorId]);
		// A code one step ahead is still accepted (one step of skew).
		const verified = await client.auth.mfa.challengeAndVerify({
			factorId,
			code: totpCode(secret, 1),
		});
		expect(verified.error).toBeNull();
		const { data: after } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
		expect(after).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
		// GoTrue sends {method, timestamp} entries (a custom-claims hook could send plain strings).
		expect(after?.currentAuthenticationMethods).toEqual([
			{ method: 'totp', timestamp: expect.any(Number) },
			{ method: 'password', timestamp: expect.any(Number) },
		]);
	});

	it('refuses a wrong code with 422 mfa_verification_failed, and an empty one with 400', async () => {
		const { client } = await signedInUser(stack);
		const factor = await enrollTotp(client);
		const wrong = await client.auth.mfa.challengeAndVerify({
			factorId: factor.id,
			code: wrongCode(factor.totp.secret),
		});
		expectAuthError(wrong.error, 422, 'mfa_verification_failed');
		expect(wrong.error?.message).toBe('Invalid TOTP code entered');
		const empty = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: '' });
		expectAuthError(empty.error, 400, 'validation_failed');
		const { data } = await client.auth.mfa.listFactors();
		expect(data?.all[0]?.status).toBe('unverified');
	});

	it('spends a challenge once; the same code with a new challenge passes, as in GoTrue', async () => {
		const { client } = await signedInUser(stack);
		const factor = await enrollTotp(client);
		const code = totpCode(factor.totp.secret);
		const challenge = await client.auth.mfa.challenge({ factorId: factor.id });
		const challengeId = challenge.data?.id ?? '';
		const first = await client.auth.mfa.verify({ factorId: factor.id, challengeId, code });
		expect(first.error).toBeNull();
		const again = await client.auth.mfa.verify({ factorId: factor.id, challengeId, code });
		expectAuthError(again.error, 422, 'mfa_ip_address_mismatch');
		// GoTrue keeps no record of used codes: replay protection is the application's to add.
		const fresh = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code });
		expect(fresh.error).toBeNull();
	});

	it('refuses a challenge from another address with 422 mfa_ip_address_mismatch', async () => {
		const { client, session } = await signedInUser(stack);
		const factor = await enrollTotp(client);
		const from = (address: string) => ({
			method: 'POST',
			key: stack.secretKey,
			bearer: session.access_token,
			headers: { 'Sb-Forwarded-For': address, 'X-Supabase-Api-Version': '2024-01-01' },
		});
		const challenged = await api(stack, `/auth/v1/factors/${factor.id}/challenge`, {
			...from('203.0.113.7'),
			body: '{}',
		});
		expect(challenged.status).toBe(200);
		const { id } = (await challenged.json()) as { id: string };
		const body = JSON.stringify({ challenge_id: id, code: totpCode(factor.totp.secret) });
		const elsewhere = await api(stack, `/auth/v1/factors/${factor.id}/verify`, {
			...from('198.51.100.7'),
			body,
		});
		expect(elsewhere.status).toBe(422);
		expect(await elsewhere.json()).toEqual({
			code: 'mfa_ip_address_mismatch',
			message: 'Challenge and verify IP addresses mismatch.',
		});
		const same = await api(stack, `/auth/v1/factors/${factor.id}/verify`, {
			...from('203.0.113.7'),
			body,
		});
		expect(same.status).toBe(200);
	});

	it("refuses another user's factor, an unknown one and a challenge of another factor", async () => {
		const owner = await userWithVerifiedFactor(stack);
		const { client } = await signedInUser(stack);
		const foreign = await client.auth.mfa.challenge({ factorId: owner.factorId });
		expectAuthError(foreign.error, 404, 'mfa_factor_not_found');
		const unknown = await client.auth.mfa.challenge({ factorId: randomUUID() });
		expectAuthError(unknown.error, 404, 'mfa_factor_not_found');
		const malformed = await client.auth.mfa.challenge({ factorId: 'not-a-uuid' });
		expectAuthError(malformed.error, 404, 'validation_failed');

		const mine = await enrollTotp(client, 'A');
		const other = await enrollTotp(client, 'B');
		const challenge = await client.auth.mfa.challenge({ factorId: other.id });
		const crossed = await client.auth.mfa.verify({
			factorId: mine.id,
			challengeId: challenge.data?.id ?? '',
			code: totpCode(mine.totp.secret),
		});
		expectAuthError(crossed.error, 422, 'mfa_factor_not_found');
	});

	it("ends the user's other aal1 sessions, keeps aal2 ones, and drops other unverified factors", async () => {
		const { email, client, session } = await signedInUser(stack);
		const other = await passwordSession(stack, email, PASSWORD);
		const factor = await enrollTotp(client, 'Kept');
		const abandoned = await enrollTotp(client, 'Abandoned');
		const verified = await client.auth.mfa.challengeAndVerify({
			factorId: factor.id,
			code: totpCode(factor.totp.secret),
		});
		expect(verified.error).toBeNull();

		// session_not_found, which auth-js turns into AuthSessionMissingError.
		expect((await other.client.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError);
		const refresh = await api(stack, '/auth/v1/token?grant_type=refresh_token', {
			method: 'POST',
			body: JSON.stringify({ refresh_token: other.session.refresh_token }),
		});
		// Its refresh tokens went with the session.
		expect(((await refresh.json()) as { error_code: string }).error_code).toBe(
			'refresh_token_not_found',
		);
		const { data } = await client.auth.mfa.listFactors();
		expect(data?.all.map((listed) => listed.id)).toEqual([factor.id]);
		expect(data?.all.map((listed) => listed.id)).not.toContain(abandoned.id);

		// An aal2 session survives the next verify, from a new password sign-in, unlike aal1 ones.
		const second = await passwordSession(stack, email, PASSWORD);
		const third = await passwordSession(stack, email, PASSWORD);
		const upgraded = await second.client.auth.mfa.challengeAndVerify({
			factorId: factor.id,
			code: totpCode(factor.totp.secret),
		});
		expect(upgraded.error).toBeNull();
		expect((await client.auth.getUser()).error).toBeNull();
		expect((await third.client.auth.getUser()).error).toBeInstanceOf(AuthSessionMissingError);
		expect(claimsOf(session.access_token).aal).toBe('aal1');
	});
});

describe('the aal2 session', () => {
	it('stays aal2 through refreshes; the refresh token from before the verify no longer works', async () => {
		const { client, aal2 } = await userWithVerifiedFactor(stack);
		const refreshed = await client.auth.refreshSession();
		expect(refreshed.error).toBeNull();
		const claims = claimsOf(refreshed.data.session?.access_token ?? '');
		expect(claims.aal).toBe('aal2');
		expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual([
			'totp',
			'password',
		]);
		expect(refreshed.data.session?.refresh_token).not.toBe(aal2.refresh_token);
	});
});

describe('unenrolling', () => {
	it('needs aal2 for a verified factor (422), then takes the session back to aal1 on refresh', async () => {
		const { email, client, factorId } = await userWithVerifiedFactor(stack);
		const low = await passwordSession(stack, email, PASSWORD);
		const refused = await low.client.auth.mfa.unenroll({ factorId });
		expectAuthError(refused.error, 422, 'insufficient_aal');
		expect(refused.error?.message).toBe('AAL2 required to unenroll verified factor');

		const removed = await client.auth.mfa.unenroll({ factorId });
		expect(removed.error).toBeNull();
		expect(removed.data).toEqual({ id: factorId });
		const refreshed = await client.auth.refreshSession();
		const claims = claimsOf(refreshed.data.session?.access_token ?? '');
		expect(claims.aal).toBe('aal1');
		expect((claims.amr as { method: string }[]).map((entry) => entry.method)).toEqual(['password']);
		const { data: level } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
		expect(level).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
	});

	it('lets an unverified factor go at aal1', async () => {
		const { client } = await signedInUser(stack);
		const factor = await enrollTotp(client);
		const removed = await client.auth.mfa.unenroll({ factorId: factor.id });
		expect(removed.error).toBeNull();
		expect((await client.auth.mfa.listFactors()).data?.all).toEqual([]);
	});

	it('needs aal2 (403) to enrol another factor once one is verified', async () => {
		const { email, client } = await userWithVerifiedFactor(stack);
		const low = await passwordSession(stack, email, PASSWORD);
		const refused = await low.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Two' });
		expectAuthError(refused.error, 403, 'insufficient_aal');
		const allowed = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Two' });
		expect(allowed.error).toBeNull();
	});
});

describe('credential changes once a factor is verified', () => {
	it('needs aal2 to change the password or e-mail (401 insufficient_aal); metadata needs none', async () => {
		const { email, client } = await userWithVerifiedFactor(stack);
		const low = await passwordSession(stack, email, PASSWORD);
		const password = await low.client.auth.updateUser({ password: 'a new passphrase 2026' });
		expectAuthError(password.error, 401, 'insufficient_aal');
		expect(password.error?.message).toBe(
			'AAL2 session is required to update email or password when MFA is enabled.',
		);
		const address = await low.client.auth.updateUser({ email: `new-${email}` });
		expectAuthError(address.error, 401, 'insufficient_aal');
		expect((await low.client.auth.updateUser({ data: { theme: 'dark' } })).error).toBeNull();
		expect((await low.client.auth.updateUser({ email })).error).toBeNull();

		const changed = await client.auth.updateUser({ password: 'a new passphrase 2026' });
		expect(changed.error).toBeNull();
	});
});
