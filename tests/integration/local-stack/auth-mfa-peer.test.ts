import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import { clientFor, signedInUser, startTestStack } from './helpers.ts';
import { claimsOf, enrollTotp, totpCode } from './mfa-helpers.ts';

// auth-js's own MFA tests that run against a GoTrue server (supabase-js repository,
// packages/core/auth-js/test: GoTrueClient.test.ts "MFA" and GoTrueApi.test.ts "MFA Admin"),
// ported to this stack through supabase-js: the TOTP ones, not WebAuthn or phone. Two changes:
// users are created confirmed by the service role instead of signing up with auto-confirmation, and
// tests that replaced getUser with a mock use a real user with or without a verified factor instead.
// A client without a session sends the anon key as bearer through supabase-js (auth-js alone sends
// none), so those refusals are the stack's 403 bad_jwt rather than the "Bearer token" message.

let stack: LocalStack;

beforeAll(async () => {
	stack = await startTestStack();
});
afterAll(async () => {
	await stack?.stop();
});

const NON_EXISTENT_USER_ID = '00000000-0000-0000-0000-000000000000';

async function setupUserWithMFAAndTOTP() {
	const signedIn = await signedInUser(stack);
	const enrolled = await enrollTotp(signedIn.client);
	expect(enrolled.totp).not.toBeNull();
	return { ...signedIn, factorId: enrolled.id, totp: enrolled.totp };
}

describe('auth-js MFA (GoTrueClient.test.ts)', () => {
	it('enroll({factorType: "totp"}) returns totp', async () => {
		const { client } = await signedInUser(stack);
		const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp' });
		expect(error).toBeNull();
		expect(data?.totp.qr_code).not.toBeNull();
	});

	it('enroll({factorType: "totp"}) should fail without session', async () => {
		const { client } = await signedInUser(stack);
		await client.auth.signOut();
		const { data, error } = await client.auth.mfa.enroll({ factorType: 'totp' });
		expect(error).not.toBeNull();
		expect(data).toBeNull();
	});

	it('challenge should create MFA challenge', async () => {
		const { client, factorId } = await setupUserWithMFAAndTOTP();
		const { data, error } = await client.auth.mfa.challenge({ factorId });
		expect(error).toBeNull();
		expect(data?.id).not.toBeNull();
		expect(data?.expires_at).not.toBeNull();
	});

	it('verify should verify MFA challenge (a wrong code)', async () => {
		const { client, factorId, totp } = await setupUserWithMFAAndTOTP();
		const { data: challengeData, error: challengeError } = await client.auth.mfa.challenge({
			factorId,
		});
		expect(challengeError).toBeNull();
		// auth-js sends 123456; a code the secret really produces now would be accepted.
		const code = totpCode(totp.secret) === '123456' ? '654321' : '123456';
		const { data, error } = await client.auth.mfa.verify({
			factorId,
			challengeId: challengeData?.id ?? '',
			code,
		});
		expect(error).not.toBeNull();
		expect(error?.message).toContain('Invalid TOTP code');
		expect(data).toBeNull();
	});

	it('challengeAndVerify should handle MFA challenge and verification in one call', async () => {
		const { client, factorId, totp } = await setupUserWithMFAAndTOTP();
		const code = totpCode(totp.secret) === '123456' ? '654321' : '123456';
		const { data, error } = await client.auth.mfa.challengeAndVerify({ factorId, code });
		expect(error).not.toBeNull();
		expect(error?.message).toContain('Invalid TOTP code');
		expect(data).toBeNull();
	});

	it('unenroll should remove MFA factor', async () => {
		const { client, factorId } = await setupUserWithMFAAndTOTP();
		const { error } = await client.auth.mfa.unenroll({ factorId });
		expect(error).toBeNull();
		const { data } = await client.auth.mfa.listFactors();
		expect(data?.all).toHaveLength(0);
		expect(data?.totp).toHaveLength(0);
	});

	it('getAuthenticatorAssuranceLevel should return current AAL', async () => {
		const { client } = await setupUserWithMFAAndTOTP();
		const { data, error } = await client.auth.mfa.getAuthenticatorAssuranceLevel();
		expect(error).toBeNull();
		expect(data?.currentLevel).toBe('aal1');
		expect(data?.nextLevel).toBe('aal1');
		expect(data?.currentAuthenticationMethods).toEqual([
			{ method: 'password', timestamp: expect.any(Number) },
		]);
	});

	it('getAuthenticatorAssuranceLevel(jwt): aal1 and no verified factors returns aal1/aal1', async () => {
		const { client, session } = await signedInUser(stack);
		const { data, error } = await client.auth.mfa.getAuthenticatorAssuranceLevel(
			session.access_token,
		);
		expect(error).toBeNull();
		expect(data?.currentLevel).toBe('aal1');
		expect(data?.nextLevel).toBe('aal1');
		expect(data?.currentAuthenticationMethods).toHaveLength(1);
	});

	it('getAuthenticatorAssuranceLevel(jwt): aal1 and verified factors returns aal1/aal2', async () => {
		const { client, session, factorId, totp } = await setupUserWithMFAAndTOTP();
		const verified = await client.auth.mfa.challengeAndVerify({
			factorId,
			code: totpCode(totp.secret),
		});
		expect(verified.error).toBeNull();
		// The aal1 token from before the verify: its session is the one now at aal2, so it still
		// names a live session, and the factor is verified.
		expect(claimsOf(session.access_token).aal).toBe('aal1');
		const { data, error } = await clientFor(stack).auth.mfa.getAuthenticatorAssuranceLevel(
			session.access_token,
		);
		expect(error).toBeNull();
		expect(data?.currentLevel).toBe('aal1');
		expect(data?.nextLevel).toBe('aal2');
		expect(data?.currentAuthenticationMethods).toHaveLength(1);
	});

	it('getAuthenticatorAssuranceLevel(jwt): a JWT whose user does not exist returns an error', async () => {
		const { session, user } = await signedInUser(stack);
		await clientFor(stack, stack.serviceRoleKey).auth.admin.deleteUser(user.id);
		const { data, error } = await clientFor(stack).auth.mfa.getAuthenticatorAssuranceLevel(
			session.access_token,
		);
		expect(error).not.toBeNull();
		expect(data).toBeNull();
	});

	it('listFactors puts every factor in `all` and only verified ones in `totp`', async () => {
		const { client, factorId, totp } = await setupUserWithMFAAndTOTP();
		await client.auth.mfa.challengeAndVerify({ factorId, code: totpCode(totp.secret) });
		await enrollTotp(client, 'Second');
		const { data, error } = await client.auth.mfa.listFactors();
		expect(error).toBeNull();
		expect(data?.all).toHaveLength(2);
		expect(data?.totp).toHaveLength(1);
		expect(data?.phone).toHaveLength(0);
	});

	it('should handle MFA challenge, verify and unenroll without session', async () => {
		const auth = clientFor(stack).auth;
		const challenge = await auth.mfa.challenge({ factorId: randomUUID() });
		expect(challenge.error).not.toBeNull();
		expect(challenge.data?.id).toBeUndefined();
		const verify = await auth.mfa.verify({
			factorId: randomUUID(),
			challengeId: 'f7850041-ba10-4eb3-851c-8ceb7ff8463d',
			code: '123456',
		});
		expect(verify.error).not.toBeNull();
		expect(verify.data?.access_token).toBeUndefined();
		const unenroll = await auth.mfa.unenroll({ factorId: randomUUID() });
		expect(unenroll.error).not.toBeNull();
		expect(unenroll.data?.id).toBeUndefined();
	});
});

describe('auth-js MFA Admin (GoTrueApi.test.ts)', () => {
	const admin = () => clientFor(stack, stack.serviceRoleKey).auth.admin;

	it('mfa factor management: add, list and delete', async () => {
		const { client, user } = await signedInUser(stack);
		await enrollTotp(client);
		const { data, error } = await admin().mfa.listFactors({ userId: user.id });
		expect(error).toBeNull();
		expect(Array.isArray(data?.factors)).toBe(true);
		expect(data?.factors.length).toBeGreaterThan(0);

		const factorId = data?.factors[0]?.id ?? '';
		const deleted = await admin().mfa.deleteFactor({ userId: user.id, id: factorId });
		expect(deleted.error).toBeNull();
		expect((deleted.data as unknown as { data: { id: string } }).data.id).toEqual(factorId);

		const latest = await admin().mfa.listFactors({ userId: user.id });
		expect(latest.error).toBeNull();
		expect(latest.data?.factors).toHaveLength(0);
	});

	it('mfa.listFactors returns AuthError for invalid user', async () => {
		const { data, error } = await admin().mfa.listFactors({ userId: NON_EXISTENT_USER_ID });
		expect(data).toBeNull();
		expect(error).not.toBeNull();
	});

	it('mfa.deleteFactors returns AuthError for invalid user', async () => {
		const { data, error } = await admin().mfa.deleteFactor({
			userId: NON_EXISTENT_USER_ID,
			id: NON_EXISTENT_USER_ID,
		});
		expect(data).toBeNull();
		expect(error).not.toBeNull();
	});
});
