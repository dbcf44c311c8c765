import { randomUUID } from 'node:crypto';
import { AuthApiError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import { PASSWORD, api, clientFor, signedInUser, startTestStack } from './helpers.ts';
import { claimsOf, enrollTotp, passwordSession, userWithVerifiedFactor } from './mfa-helpers.ts';

// The admin side of MFA with the service role, as a support reset uses it: list a user's factors,
// delete one (no aal needed; the sessions it upgraded fall back to aal1), rename one. There is no
// admin call that creates or verifies a factor.

let stack: LocalStack;

beforeAll(async () => {
	stack = await startTestStack();
});
afterAll(async () => {
	await stack?.stop();
});

const admin = () => clientFor(stack, stack.serviceRoleKey).auth.admin;

describe('auth.admin.mfa', () => {
	it("lists a user's factors of every status, and the admin user carries them too", async () => {
		const { user, client, factorId } = await userWithVerifiedFactor(stack);
		const pending = await enrollTotp(client, 'Pending');
		const { data, error } = await admin().mfa.listFactors({ userId: user.id });
		expect(error).toBeNull();
		expect(data?.factors.map((factor) => [factor.id, factor.status])).toEqual([
			[factorId, 'verified'],
			[pending.id, 'unverified'],
		]);
		expect(data?.factors[0]).toMatchObject({
			friendly_name: 'Phone',
			factor_type: 'totp',
			phone: '',
		});
		expect(JSON.stringify(data)).not.toMatch(/"secret"/);
		const fetched = await admin().getUserById(user.id);
		expect(fetched.data.user?.factors?.map((factor) => factor.id)).toEqual([factorId, pending.id]);
	});

	it('deletes a factor without aal2, answers with it, and the sessions it upgraded drop to aal1', async () => {
		const { user, email, client, factorId } = await userWithVerifiedFactor(stack);
		const { data, error } = await admin().mfa.deleteFactor({ userId: user.id, id: factorId });
		expect(error).toBeNull();
		// GoTrue answers with the deleted factor; auth-js hands it on wrapped once more in {data, error}.
		expect(data).toMatchObject({ data: { id: factorId, status: 'verified' }, error: null });
		expect((await admin().mfa.listFactors({ userId: user.id })).data?.factors).toEqual([]);

		const refreshed = await client.auth.refreshSession();
		expect(refreshed.error).toBeNull();
		expect(claimsOf(refreshed.data.session?.access_token ?? '').aal).toBe('aal1');
		const fresh = await passwordSession(stack, email, PASSWORD);
		const { data: level } = await fresh.client.auth.mfa.getAuthenticatorAssuranceLevel();
		expect(level).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
	});

	it('renames a factor with PUT', async () => {
		const { user, client } = await signedInUser(stack);
		const factor = await enrollTotp(client, 'Old name');
		const response = await api(stack, `/auth/v1/admin/users/${user.id}/factors/${factor.id}`, {
			method: 'PUT',
			key: stack.serviceRoleKey,
			body: JSON.stringify({ friendly_name: 'New name' }),
		});
		expect(response.status).toBe(200);
		expect(await response.json()).toMatchObject({ id: factor.id, friendly_name: 'New name' });
	});

	it("removes a soft-deleted user's factors", async () => {
		const { user } = await userWithVerifiedFactor(stack);
		expect((await admin().deleteUser(user.id, true)).error).toBeNull();
		const { data } = await admin().mfa.listFactors({ userId: user.id });
		expect(data?.factors).toEqual([]);
	});

	it('answers 404 for an unknown user or factor', async () => {
		const { user } = await signedInUser(stack);
		const unknownFactor = await admin().mfa.deleteFactor({ userId: user.id, id: randomUUID() });
		expect(unknownFactor.error).toBeInstanceOf(AuthApiError);
		expect(unknownFactor.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
		const unknownUser = await admin().mfa.listFactors({ userId: randomUUID() });
		expect(unknownUser.error).toMatchObject({ status: 404, code: 'user_not_found' });
	});

	it('answers 404 validation_failed for a user id that is not a UUID', async () => {
		const response = await api(stack, '/auth/v1/admin/users/not-a-uuid/factors', {
			key: stack.serviceRoleKey,
		});
		expect(response.status).toBe(404);
		expect(await response.json()).toMatchObject({
			error_code: 'validation_failed',
			msg: 'user_id must be an UUID',
		});
	});

	it('is refused to a user token', async () => {
		const { user, session } = await signedInUser(stack);
		const response = await api(stack, `/auth/v1/admin/users/${user.id}/factors`, {
			bearer: session.access_token,
		});
		expect(response.status).toBe(403);
		expect(((await response.json()) as { error_code: string }).error_code).toBe('not_admin');
	});
});
