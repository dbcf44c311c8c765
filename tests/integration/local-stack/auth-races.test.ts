import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import { PASSWORD, api, clientFor, signedInUser, startTestStack, uniqueEmail } from './helpers.ts';
import { enrollTotp, totpCode } from './mfa-helpers.ts';

// The same Auth request several times at once. On PGlite they queue; on PostgreSQL
// (integration-postgres) they run on connections of their own, so each rule that must hold once
// (one account per address, one use per code) is held by the database, not by the order requests
// happen to arrive in. No answer may be a 500.

let stack: LocalStack;
beforeAll(async () => {
	stack = await startTestStack();
});
afterAll(async () => {
	await stack?.stop();
});

const times = <T>(n: number, work: () => Promise<T>) =>
	Promise.all(Array.from({ length: n }, () => work()));

describe('Auth requests at the same moment', () => {
	it('signs one address up once; the others are told it is taken', async () => {
		const email = uniqueEmail('twice');
		const answers = await times(6, () =>
			api(stack, '/auth/v1/signup', {
				method: 'POST',
				body: JSON.stringify({ email, password: PASSWORD }),
			}),
		);
		expect(answers.every((answer) => answer.status < 500)).toBe(true);
		const admin = clientFor(stack, stack.serviceRoleKey);
		const { data } = await admin.auth.admin.listUsers({ perPage: 1000 });
		expect(data.users.filter((user) => user.email === email)).toHaveLength(1);
	});

	it('creates one user per address when staff ask twice at once', async () => {
		const email = uniqueEmail('admin-twice');
		const admin = clientFor(stack, stack.serviceRoleKey).auth.admin;
		const answers = await times(6, () =>
			admin.createUser({ email, password: PASSWORD, email_confirm: true }),
		);
		expect(answers.filter((answer) => answer.error === null)).toHaveLength(1);
		for (const { error } of answers) if (error) expect(error.status).toBe(422);
	});

	it('exchanges one magic-link token for one session', async () => {
		const email = uniqueEmail('link-twice');
		const admin = clientFor(stack, stack.serviceRoleKey).auth.admin;
		await admin.createUser({ email, password: PASSWORD, email_confirm: true });
		const link = await admin.generateLink({ type: 'magiclink', email });
		const token = link.data.properties?.hashed_token ?? '';
		const answers = await times(6, () =>
			clientFor(stack).auth.verifyOtp({ token_hash: token, type: 'magiclink' }),
		);
		expect(answers.filter((answer) => answer.error === null)).toHaveLength(1);
		for (const { error } of answers) if (error) expect(error.status).toBeLessThan(500);
	});

	it('refreshes one refresh token into one family, every answer a session', async () => {
		const { session } = await signedInUser(stack);
		const answers = await times(6, () =>
			api(stack, '/auth/v1/token?grant_type=refresh_token', {
				method: 'POST',
				body: JSON.stringify({ refresh_token: session.refresh_token }),
			}),
		);
		// Within the reuse interval GoTrue answers every concurrent refresh of one token.
		expect(answers.map((answer) => answer.status)).toEqual(Array(6).fill(200));
	});

	it('verifies one challenge once when its code is sent several times at once', async () => {
		const { client } = await signedInUser(stack);
		const factor = await enrollTotp(client, 'Phone');
		const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor.id });
		const code = totpCode(factor.totp.secret);
		// Raw requests: supabase-js would queue its own calls behind one another.
		const { data: session } = await client.auth.getSession();
		const answers = await times(6, () =>
			api(stack, `/auth/v1/factors/${factor.id}/verify`, {
				method: 'POST',
				bearer: session.session?.access_token ?? '',
				body: JSON.stringify({ challenge_id: challenge?.id, code }),
			}),
		);
		const statuses = answers.map((answer) => answer.status);
		expect(statuses.filter((status) => status === 200)).toHaveLength(1);
		expect(statuses.every((status) => status < 500)).toBe(true);
	});

	it('keeps the factor limit when a user enrols many factors at once', async () => {
		const { client } = await signedInUser(stack);
		const answers = await times(14, () =>
			client.auth.mfa.enroll({ factorType: 'totp', friendlyName: crypto.randomUUID() }),
		);
		for (const { error } of answers) if (error) expect(error.status).toBeLessThan(500);
		const { data } = await client.auth.mfa.listFactors();
		expect(data?.all.length).toBeLessThanOrEqual(10);
	});
});
