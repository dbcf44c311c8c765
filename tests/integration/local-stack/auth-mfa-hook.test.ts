import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import { PASSWORD, api, signedInUser, startTestStack } from './helpers.ts';
import { enrollTotp, passwordSession, totpCode, wrongCode } from './mfa-helpers.ts';

// GoTrue's MFA verification attempt hook, a Postgres function (fixtures/mfa-hook-migrations), as
// the stack runs it: asked about every verify whose challenge passed, in a transaction of its own;
// an error answer becomes the response, a reject signs the user out everywhere.

const HOOK_MIGRATIONS = fileURLToPath(new URL('./fixtures/mfa-hook-migrations', import.meta.url));

let stack: LocalStack;
beforeAll(async () => {
	stack = await startTestStack({
		migrationsDir: HOOK_MIGRATIONS,
		mfaVerificationAttemptHook: 'pg-functions://postgres/public/mfa_hook',
	});
});
afterAll(async () => {
	await stack?.stop();
});

/** What the hook answers from now on; null lets every verify go on. */
const hookAnswers = (answer: unknown) =>
	stack.sql(async (db) => {
		await db.exec('delete from public.mfa_hook_answer');
		if (answer !== null)
			await db.query('insert into public.mfa_hook_answer (answer) values ($1::jsonb)', [
				JSON.stringify(answer),
			]);
	});

const eventsOf = (factorId: string) =>
	stack.sql(async (db) => {
		const { rows } = await db.query<{ event: Record<string, unknown> }>(
			`select event from public.mfa_hook_events where event ->> 'factor_id' = $1 order by at`,
			[factorId],
		);
		return rows.map((row) => row.event);
	});

/** A user with an unverified factor, and a verify of `code` through a new challenge. */
async function enrolled() {
	const { client, session, user, email } = await signedInUser(stack);
	const factor = await enrollTotp(client);
	const verify = async (code: string, token = session.access_token) => {
		const call = (path: string, body: unknown) =>
			api(stack, `/auth/v1/factors/${factor.id}/${path}`, {
				method: 'POST',
				bearer: token,
				body: JSON.stringify(body),
			});
		const { id } = (await (await call('challenge', {})).json()) as { id: string };
		return call('verify', { challenge_id: id, code });
	};
	return { client, user, email, factor, verify, token: session.access_token };
}

describe('the MFA verification attempt hook', () => {
	it('is asked about every verify whose challenge passed, with GoTrue’s fields and the matched step', async () => {
		await hookAnswers(null);
		const { user, factor, verify, token } = await enrolled();
		expect((await verify(wrongCode(factor.totp.secret))).status).toBe(422);
		// A challenge that does not pass never reaches the hook.
		const unknownChallenge = await api(stack, `/auth/v1/factors/${factor.id}/verify`, {
			method: 'POST',
			bearer: token,
			body: JSON.stringify({ challenge_id: crypto.randomUUID(), code: '123456' }),
		});
		expect(await unknownChallenge.json()).toMatchObject({ error_code: 'mfa_factor_not_found' });
		const step = Math.floor(Date.now() / 30_000);
		expect((await verify(totpCode(factor.totp.secret))).status).toBe(200);
		const events = await eventsOf(factor.id);
		expect(events).toEqual([
			{ user_id: user.id, factor_id: factor.id, factor_type: 'totp', valid: false },
			{
				user_id: user.id,
				factor_id: factor.id,
				factor_type: 'totp',
				valid: true,
				time_step: expect.any(Number),
			},
		]);
		expect(Math.abs(Number(events[1]?.time_step) - step)).toBeLessThanOrEqual(1);
	});

	it('answers an error with its status and message (GoTrue’s code `unknown`)', async () => {
		const { factor, verify } = await enrolled();
		await hookAnswers({ error: { http_code: 429, message: 'Slow down' } });
		const refused = await verify(totpCode(factor.totp.secret));
		expect(refused.status).toBe(429);
		expect(await refused.json()).toEqual({ code: 429, error_code: 'unknown', msg: 'Slow down' });
		expect(refused.headers.get('retry-after')).toBeNull();
		await hookAnswers({
			error: {
				http_code: 429,
				message: 'Slow down',
				error_code: 'over_request_rate_limit',
				retry_after_seconds: 42,
			},
		});
		const named = await verify(totpCode(factor.totp.secret));
		expect(await named.json()).toMatchObject({ error_code: 'over_request_rate_limit' });
		expect(named.headers.get('retry-after')).toBe('42');
		// An error object without a message is no error, as GoTrue's hookserrors reads it.
		await hookAnswers({ error: { http_code: 400 } });
		expect((await verify(totpCode(factor.totp.secret))).status).toBe(200);
	});

	it('answers a reject with 403 mfa_verification_rejected and signs the user out everywhere', async () => {
		const { email, factor, verify, client } = await enrolled();
		const other = await passwordSession(stack, email, PASSWORD);
		await hookAnswers({ decision: 'reject', message: 'Locked by the hook' });
		const rejected = await verify(totpCode(factor.totp.secret));
		expect(rejected.status).toBe(403);
		expect(await rejected.json()).toMatchObject({
			error_code: 'mfa_verification_rejected',
			msg: 'Locked by the hook',
		});
		for (const signedOut of [client, other.client]) {
			const { error } = await signedOut.auth.refreshSession();
			expect(error).not.toBeNull();
		}
	});

	it('fails the verify with 500 when the hook’s answer is not an object', async () => {
		const { factor, verify } = await enrolled();
		await hookAnswers('continue');
		const failed = await verify(totpCode(factor.totp.secret));
		expect(failed.status).toBe(500);
		expect(await failed.json()).toMatchObject({ error_code: 'unexpected_failure' });
	});
});
