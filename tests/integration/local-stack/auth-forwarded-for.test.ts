import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalStack } from '@frostnode/local-supabase';
import { PASSWORD, clientFor, signedInUser, startTestStack, uniqueEmail } from './helpers.ts';

// "IP address forwarding": the site signs customers in from its server, so every request reaches
// Auth from one address. With the project's secret key, Sb-Forwarded-For names the customer's
// address, and the per-address limits (and the session's recorded address) use it. With any other key
// the header is ignored, or anyone could step around the limits by inventing addresses.

const SESSION_IP_SEED = fileURLToPath(new URL('./fixtures/session-ip.sql', import.meta.url));
const FAILURES_PER_ADDRESS = 3;

let stack: LocalStack;

beforeAll(async () => {
	stack = await startTestStack({
		seedFile: SESSION_IP_SEED,
		rateLimits: { failedLoginsPerIp: FAILURES_PER_ADDRESS, failedLoginsPerAccount: 1000 },
	});
});
afterAll(async () => {
	await stack?.stop();
});

function clientWith(key: string, forwardedFor?: string) {
	return clientFor(
		stack,
		key,
		forwardedFor ? { global: { headers: { 'Sb-Forwarded-For': forwardedFor } } } : {},
	);
}

async function failedSignIn(client: ReturnType<typeof clientFor>): Promise<string | undefined> {
	const { error } = await client.auth.signInWithPassword({
		email: uniqueEmail('guess'),
		password: 'not the password',
	});
	return error?.code;
}

describe('Sb-Forwarded-For with the secret key', () => {
	it('limits failures per forwarded address, not per server', async () => {
		const { email } = await signedInUser(stack);
		// The leftmost value is the client; later ones are proxies.
		const guesser = clientWith(stack.secretKey, ' 203.0.113.10 , 10.0.0.1');
		for (let i = 0; i < FAILURES_PER_ADDRESS; i += 1)
			expect(await failedSignIn(guesser)).toBe('invalid_credentials');
		expect(await failedSignIn(guesser)).toBe('over_request_rate_limit');

		const customer = clientWith(stack.secretKey, '203.0.113.20');
		expect(await failedSignIn(customer)).toBe('invalid_credentials');
		const { error } = await customer.auth.signInWithPassword({ email, password: PASSWORD });
		expect(error).toBeNull();
	});

	it("records the forwarded address as the session's", async () => {
		const { email } = await signedInUser(stack);
		const customer = clientWith(stack.secretKey, '2001:DB8:0:0:0:0:0:7');
		expect(
			(await customer.auth.signInWithPassword({ email, password: PASSWORD })).error,
		).toBeNull();
		expect((await customer.rpc('my_session_ip')).data).toBe('2001:db8::7');

		const direct = clientWith(stack.anonKey, '2001:db8::8');
		expect((await direct.auth.signInWithPassword({ email, password: PASSWORD })).error).toBeNull();
		expect((await direct.rpc('my_session_ip')).data).toBe('127.0.0.1');
	});
});

describe('Sb-Forwarded-For without the secret key', () => {
	it('is ignored: failures count against the connecting address', async () => {
		// Each failure claims a different address; all of them are this test's own address.
		const keys = [stack.anonKey, stack.publishableKey, stack.serviceRoleKey];
		for (let i = 0; i < FAILURES_PER_ADDRESS; i += 1) {
			const client = clientWith(keys[i % keys.length] as string, `198.51.100.${i + 1}`);
			expect(await failedSignIn(client)).toBe('invalid_credentials');
		}
		for (const [index, key] of keys.entries())
			expect(await failedSignIn(clientWith(key, `198.51.100.${index + 50}`))).toBe(
				'over_request_rate_limit',
			);
		// With the secret key, a value that is not an IP address is ignored too.
		expect(await failedSignIn(clientWith(stack.secretKey, 'unknown, 198.51.100.60'))).toBe(
			'over_request_rate_limit',
		);
		expect(await failedSignIn(clientWith(stack.secretKey, '198.51.100.61'))).toBe(
			'invalid_credentials',
		);
	});
});
