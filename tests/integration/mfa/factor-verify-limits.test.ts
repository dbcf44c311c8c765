import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startLocalStack, type LocalStack } from '@frostnode/local-supabase';
import { PASSWORD, api, clientFor, signedInUser } from '../local-stack/helpers.ts';
import { claimsOf, enrollTotp, totpCode, wrongCode } from '../local-stack/mfa-helpers.ts';

// Two-factor codes at the auth service itself, past the site and its limits, as the product runs
// it (its migrations and supabase/config.toml): someone holding a customer's password (an aal1
// session) posts to /auth/v1/factors/{id}/verify from ever new addresses. Wrong codes count per
// factor, whatever the address, and a code's time step works once (issue 38).

let stack: LocalStack;
beforeAll(async () => {
	stack = await startLocalStack({ apiPort: 0, mailPort: 0, quiet: true });
});
afterAll(() => stack?.stop());

/** A customer with a verified authenticator factor; `used` is the code that verified it. */
async function customerWithFactor() {
	const { email, client } = await signedInUser(stack);
	const factor = await enrollTotp(client, 'Phone');
	const used = totpCode(factor.totp.secret);
	const verified = await client.auth.mfa.challengeAndVerify({ factorId: factor.id, code: used });
	if (verified.error) throw verified.error;
	return { email, factorId: factor.id, secret: factor.totp.secret, used };
}

/** A password-only session of the customer: what a stolen password gives. */
async function passwordOnly(email: string): Promise<string> {
	const { data, error } = await clientFor(stack).auth.signInWithPassword({
		email,
		password: PASSWORD,
	});
	if (error) throw error;
	return data.session.access_token;
}

let address = 0;
/** A challenge and its verify from one new address each time, as a botnet would send them. */
async function attempt(token: string, factorId: string, code: string): Promise<Response> {
	address += 1;
	const from = `203.0.${Math.floor(address / 250)}.${address % 250}`;
	const call = (path: string, body: unknown) =>
		api(stack, `/auth/v1/factors/${factorId}/${path}`, {
			method: 'POST',
			key: stack.secretKey,
			bearer: token,
			headers: { 'Sb-Forwarded-For': from },
			body: JSON.stringify(body),
		});
	const challenge = await call('challenge', {});
	expect(challenge.status).toBe(200);
	const { id } = (await challenge.json()) as { id: string };
	return call('verify', { challenge_id: id, code });
}

describe('wrong codes per factor', () => {
	it('refuses the sixth wrong code in 15 minutes from any address, the right one too, with 429 and Retry-After', async () => {
		const customer = await customerWithFactor();
		const token = await passwordOnly(customer.email);
		for (let n = 0; n < 5; n += 1) {
			const wrong = await attempt(token, customer.factorId, wrongCode(customer.secret));
			expect(wrong.status).toBe(422);
			expect(await wrong.json()).toMatchObject({ error_code: 'mfa_verification_failed' });
		}
		const sixth = await attempt(token, customer.factorId, wrongCode(customer.secret));
		expect(sixth.status).toBe(429);
		expect(await sixth.json()).toMatchObject({ code: 429, error_code: 'over_request_rate_limit' });
		const wait = Number(sixth.headers.get('retry-after'));
		expect(wait).toBeGreaterThan(0);
		expect(wait).toBeLessThanOrEqual(900);
		const right = await attempt(token, customer.factorId, totpCode(customer.secret, 1));
		expect(right.status).toBe(429);
		expect(right.headers.get('retry-after')).not.toBeNull();
	});

	it('counts each factor apart: another customer’s factor still verifies', async () => {
		const locked = await customerWithFactor();
		const lockedToken = await passwordOnly(locked.email);
		for (let n = 0; n < 6; n += 1)
			await attempt(lockedToken, locked.factorId, wrongCode(locked.secret));
		const other = await customerWithFactor();
		const otherToken = await passwordOnly(other.email);
		const verified = await attempt(otherToken, other.factorId, totpCode(other.secret, 1));
		expect(verified.status).toBe(200);
		const { access_token } = (await verified.json()) as { access_token: string };
		expect(claimsOf(access_token).aal).toBe('aal2');
	});

	it('lets the right code in again once the window has passed', async () => {
		const customer = await customerWithFactor();
		const token = await passwordOnly(customer.email);
		for (let n = 0; n < 5; n += 1)
			await attempt(token, customer.factorId, wrongCode(customer.secret));
		expect((await attempt(token, customer.factorId, totpCode(customer.secret, 1))).status).toBe(
			429,
		);
		// Fifteen minutes later, as far as the counts know.
		await stack.sql((db) =>
			db.query(
				`update private.mfa_verification_attempts set attempted_at = attempted_at - interval '15 minutes'
				 where factor_id = $1`,
				[customer.factorId],
			),
		);
		const verified = await attempt(token, customer.factorId, totpCode(customer.secret, 1));
		expect(verified.status).toBe(200);
	});
});

describe('used codes', () => {
	it('refuses a code whose time step the factor already used, with a new challenge', async () => {
		const customer = await customerWithFactor();
		const token = await passwordOnly(customer.email);
		const replayed = await attempt(token, customer.factorId, customer.used);
		expect(replayed.status).toBe(422);
		expect(await replayed.json()).toMatchObject({ error_code: 'mfa_verification_failed' });
		// The next step's code has not been used: it verifies, once.
		const next = totpCode(customer.secret, 1);
		expect((await attempt(token, customer.factorId, next)).status).toBe(200);
		const again = await attempt(await passwordOnly(customer.email), customer.factorId, next);
		expect(again.status).toBe(422);
	});

	it('lets only one of two verifications of the same code at once through', async () => {
		const customer = await customerWithFactor();
		const next = totpCode(customer.secret, 1);
		const [first, second] = await Promise.all([
			attempt(await passwordOnly(customer.email), customer.factorId, next),
			attempt(await passwordOnly(customer.email), customer.factorId, next),
		]);
		expect([first.status, second.status].sort()).toEqual([200, 422]);
	});
});

describe('the hook as hosted Auth calls it (without the time step)', () => {
	/** The hook called as GoTrue calls it: as supabase_auth_admin, with GoTrue's fields only. */
	const hook = (factorId: string, valid: boolean) =>
		stack.sql(async (db) => {
			await db.exec('set local role supabase_auth_admin');
			const { rows } = await db.query<{ answer: Record<string, unknown> }>(
				'select public.hook_mfa_verification_attempt($1::jsonb) as answer',
				[JSON.stringify({ factor_id: factorId, user_id: factorId, factor_type: 'totp', valid })],
			);
			return rows[0]?.answer;
		});

	it('refuses a second right code within three steps of the last one, since any replay falls there', async () => {
		const factorId = crypto.randomUUID();
		expect(await hook(factorId, true)).toEqual({ decision: 'continue' });
		expect(await hook(factorId, true)).toMatchObject({ error: { http_code: 422 } });
		await stack.sql((db) =>
			db.query(
				`update private.mfa_verification_attempts set attempted_at = attempted_at - interval '91 seconds'
				 where factor_id = $1`,
				[factorId],
			),
		);
		expect(await hook(factorId, true)).toEqual({ decision: 'continue' });
	});

	it('answers the sixth wrong code with an error Auth turns into a 429, never a sign-out', async () => {
		const factorId = crypto.randomUUID();
		for (let n = 0; n < 5; n += 1)
			expect(await hook(factorId, false)).toEqual({ decision: 'continue' });
		expect(await hook(factorId, false)).toMatchObject({
			error: { http_code: 429, message: expect.any(String) },
		});
	});

	it('is Auth’s alone: the API roles cannot call it', async () => {
		const { client } = await signedInUser(stack);
		const event = { factor_id: crypto.randomUUID(), valid: false };
		for (const caller of [clientFor(stack), client, clientFor(stack, stack.serviceRoleKey)]) {
			const { error } = await caller.rpc('hook_mfa_verification_attempt', { event });
			expect(error?.code).toBe('42501');
		}
	});
});
