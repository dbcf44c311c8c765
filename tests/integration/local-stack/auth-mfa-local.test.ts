import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import { PASSWORD, api, clientFor, signedInUser, startTestStack } from './helpers.ts';
import {
	enrollTotp,
	passwordSession,
	totpCode,
	userWithVerifiedFactor,
	wrongCode,
} from './mfa-helpers.ts';

// What only the embedded stack can be told or shown: challenges aged in the database, MFA limits
// lowered, a lower factor limit, and row-level security reading the aal claim from auth.jwt().

const MFA_MIGRATIONS = fileURLToPath(new URL('./fixtures/mfa-migrations', import.meta.url));
// Low enough to reach quickly from one forwarded address, high enough for the other tests, whose
// supabase-js calls all come from 127.0.0.1.
const BURST = 10;

let stack: LocalStack;

beforeAll(async () => {
	stack = await startTestStack({
		migrationsDir: MFA_MIGRATIONS,
		rateLimits: { mfaBurst: BURST },
		mfa: { maxEnrolledFactors: 3 },
	});
});
afterAll(async () => {
	await stack?.stop();
});

describe('challenge expiry', () => {
	it('refuses an expired challenge with 422 mfa_challenge_expired and deletes it', async () => {
		const { client } = await signedInUser(stack);
		const factor = await enrollTotp(client);
		const { data: challenge } = await client.auth.mfa.challenge({ factorId: factor.id });
		const id = challenge?.id ?? '';
		await stack.sql((db) =>
			db.query(
				`update auth.mfa_challenges set created_at = now() - interval '301 seconds' where id = $1`,
				[id],
			),
		);
		const code = totpCode(factor.totp.secret);
		const expired = await client.auth.mfa.verify({ factorId: factor.id, challengeId: id, code });
		expect(expired.error).toMatchObject({ status: 422, code: 'mfa_challenge_expired' });
		expect(expired.error?.message).toBe(
			`MFA challenge ${id} has expired, verify against another challenge or create a new challenge.`,
		);
		const again = await client.auth.mfa.verify({ factorId: factor.id, challengeId: id, code });
		expect(again.error).toMatchObject({ status: 422, code: 'mfa_factor_not_found' });
	});

	it('purges unverified, never challenged factors older than the factor expiry on the next enrol', async () => {
		const { client } = await signedInUser(stack);
		const stale = await enrollTotp(client, 'Stale');
		await stack.sql((db) =>
			db.query(
				`update auth.mfa_factors set created_at = now() - interval '301 seconds' where id = $1`,
				[stale.id],
			),
		);
		const again = await enrollTotp(client, 'Stale');
		const { data } = await client.auth.mfa.listFactors();
		expect(data?.all.map((factor) => factor.id)).toEqual([again.id]);
	});
});

describe('limits', () => {
	it('takes the configured factor limit', async () => {
		const { client } = await signedInUser(stack);
		for (const name of ['One', 'Two', 'Three']) await enrollTotp(client, name);
		const fourth = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Four' });
		expect(fourth.error).toMatchObject({ status: 422, code: 'too_many_enrolled_mfa_factors' });
	});

	it('limits verify attempts per address (429), apart from challenges and other addresses', async () => {
		const { client, session } = await signedInUser(stack);
		const factor = await enrollTotp(client);
		const from = (address: string, path: string, body: unknown) =>
			api(stack, `/auth/v1/factors/${factor.id}/${path}`, {
				method: 'POST',
				key: stack.secretKey,
				bearer: session.access_token,
				headers: { 'Sb-Forwarded-For': address },
				body: JSON.stringify(body),
			});
		const { id } = (await (await from('203.0.113.30', 'challenge', {})).json()) as { id: string };
		const guess = { challenge_id: id, code: wrongCode(factor.totp.secret) };
		for (let n = 0; n < BURST; n += 1)
			expect((await from('203.0.113.30', 'verify', guess)).status).toBe(422);
		const limited = await from('203.0.113.30', 'verify', guess);
		expect(limited.status).toBe(429);
		expect(await limited.json()).toMatchObject({
			code: 429,
			error_code: 'over_request_rate_limit',
			msg: 'Request rate limit reached',
		});
		// A right code waits too: the limit is on attempts, not on failures.
		const right = { challenge_id: id, code: totpCode(factor.totp.secret) };
		expect((await from('203.0.113.30', 'verify', right)).status).toBe(429);
		expect((await from('203.0.113.30', 'challenge', {})).status).toBe(200);
		expect((await from('203.0.113.31', 'verify', right)).status).toBe(422);
	});
});

describe('row-level security on the aal claim', () => {
	it('auth.jwt() carries the aal and amr claims for policies', async () => {
		const { email, client } = await userWithVerifiedFactor(stack);
		const high = await client.rpc('token_assurance');
		expect(high.data).toEqual({ aal: 'aal2', methods: ['totp', 'password'] });
		const low = await passwordSession(stack, email, PASSWORD);
		const fresh = await low.client.rpc('token_assurance');
		expect(fresh.data).toEqual({ aal: 'aal1', methods: ['password'] });
	});

	it('keeps auth.mfa_factors as hosted: row-level security on, nothing granted to the API roles', async () => {
		const { rows } = await stack.sql((db) =>
			db.query<{ rls: boolean; readable: boolean }>(
				`select c.relrowsecurity as rls,
				   has_table_privilege('authenticated', 'auth.mfa_factors', 'select') as readable
				 from pg_class c where c.oid = 'auth.mfa_factors'::regclass`,
			),
		);
		expect(rows).toEqual([{ rls: true, readable: false }]);
	});

	it('lets a user without a factor in at aal1, and asks aal2 of one with a verified factor', async () => {
		const plain = await signedInUser(stack);
		expect((await plain.client.from('vault').insert({ body: 'no factor' })).error).toBeNull();
		expect((await plain.client.from('vault').select('body')).data).toEqual([{ body: 'no factor' }]);

		const enrolled = await userWithVerifiedFactor(stack);
		expect((await enrolled.client.from('vault').insert({ body: 'secret' })).error).toBeNull();
		const low = await passwordSession(stack, enrolled.email, PASSWORD);
		expect((await low.client.from('vault').select('body')).data).toEqual([]);
		const refused = await low.client.from('vault').insert({ body: 'at aal1' });
		expect(refused.error?.code).toBe('42501');

		const verified = await low.client.auth.mfa.challengeAndVerify({
			factorId: enrolled.factorId,
			code: totpCode(enrolled.secret),
		});
		expect(verified.error).toBeNull();
		expect((await low.client.from('vault').select('body')).data).toEqual([{ body: 'secret' }]);
		// The anon key alone reads nothing, whatever the policies say about aal.
		expect((await clientFor(stack).from('vault').select('body')).data).toEqual([]);
	});
});
