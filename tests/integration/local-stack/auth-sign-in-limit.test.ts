import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_STACK_DEFAULTS as DEFAULTS, type LocalStack } from '@frostnode/local-supabase';
import { PASSWORD, clientFor, startTestStack, uniqueEmail } from './helpers.ts';

// The hosted project limits sign-ins and sign-ups per client address (config.toml
// sign_in_sign_ups, a token bucket per address), whether they succeed or not; failures alone have
// their own, stricter counts. A small bucket here; addresses are told apart with the secret key and
// Sb-Forwarded-For, as the site's server does.

const PER_ADDRESS = 3;

let stack: LocalStack;

beforeAll(async () => {
	stack = await startTestStack({
		autoConfirm: true,
		rateLimits: { signInsSignUpsPerIp: PER_ADDRESS },
	});
});
afterAll(async () => {
	await stack?.stop();
});

const from = (address: string) =>
	clientFor(stack, stack.secretKey, { global: { headers: { 'Sb-Forwarded-For': address } } });

async function confirmedUser(): Promise<string> {
	const email = uniqueEmail('limited');
	const admin = clientFor(stack, stack.serviceRoleKey);
	const { error } = await admin.auth.admin.createUser({
		email,
		password: PASSWORD,
		email_confirm: true,
	});
	if (error) throw error;
	return email;
}

describe('sign-ins and sign-ups per address', () => {
	it('the default is config.toml’s 30 per 5 minutes', () => {
		expect(DEFAULTS.rateLimits).toMatchObject({ signInsSignUpsPerIp: 30, windowSeconds: 300 });
	});

	it('successful ones count too; past the limit even the right password gets 429', async () => {
		const email = await confirmedUser();
		const busy = from('203.0.113.1');
		const signUp = await busy.auth.signUp({ email: uniqueEmail('new'), password: PASSWORD });
		expect(signUp.error).toBeNull();
		for (let i = 1; i < PER_ADDRESS; i += 1)
			expect((await busy.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();

		const refused = await busy.auth.signInWithPassword({ email, password: PASSWORD });
		expect([refused.error?.status, refused.error?.code]).toEqual([429, 'over_request_rate_limit']);
		const refusedSignUp = await busy.auth.signUp({ email: uniqueEmail('new'), password: PASSWORD });
		expect([refusedSignUp.error?.status, refusedSignUp.error?.code]).toEqual([
			429,
			'over_request_rate_limit',
		]);

		const elsewhere = from('203.0.113.2');
		expect(
			(await elsewhere.auth.signInWithPassword({ email, password: PASSWORD })).error,
		).toBeNull();
	});
});
