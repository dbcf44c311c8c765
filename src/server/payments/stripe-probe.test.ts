import Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import { probeStripe } from './stripe-probe';

// The probe's verdict per Stripe error, on a client whose one read fails as told; the API itself
// (and the request the probe sends) is covered against the fake in tests/integration/payments.

const key = 'sk_live_51SECRETabcdefghijklmnopqrstuvwxyz';

function clientFailingWith(error: Error | null) {
	const calls: unknown[][] = [];
	const client = {
		balance: {
			retrieve: (...args: unknown[]) => {
				calls.push(args);
				return error ? Promise.reject(error) : Promise.resolve({ object: 'balance' });
			},
		},
	} as unknown as Stripe;
	return { client, calls };
}

const raw = (message: string) => ({ message, type: 'invalid_request_error' as const });

describe('probeStripe', () => {
	it('asks once, with a short timeout and no retries', async () => {
		const { client, calls } = clientFailingWith(null);
		await expect(probeStripe(client)).resolves.toBe(undefined);
		expect(calls).toEqual([[{}, { timeout: 3_000, maxNetworkRetries: 0 }]]);
	});

	it('counts a refused key as down, without repeating what Stripe said about it', async () => {
		const refused = new Stripe.errors.StripeAuthenticationError(
			raw(`Invalid API Key provided: sk_live_****${key.slice(-4)}`),
		);
		const probed = probeStripe(clientFailingWith(refused).client);
		await expect(probed).rejects.toThrow('Stripe refused the secret key');
		await expect(probed).rejects.not.toThrow(key.slice(-4));
	});

	it('counts a restricted key without Balance access as reachable: Stripe knew the key', async () => {
		const denied = new Stripe.errors.StripePermissionError(
			raw(`The provided key 'rk_live_****${key.slice(-4)}' does not have the required permissions`),
		);
		await expect(probeStripe(clientFailingWith(denied).client)).resolves.toBe(undefined);
	});

	it('names a timeout, a rate limit and any other answer by kind', async () => {
		const cases: [Error, RegExp][] = [
			[new Stripe.errors.StripeConnectionError(raw('aborted')), /did not answer within 3 s/],
			[new Stripe.errors.StripeRateLimitError(raw('slow down')), /rate limiting/],
			[new Stripe.errors.StripeAPIError({ ...raw('boom'), statusCode: 500 }), /answered 500/],
			[new TypeError('nope'), /could not be asked \(TypeError\)/],
		];
		for (const [error, expected] of cases)
			await expect(probeStripe(clientFailingWith(error).client)).rejects.toThrow(expected);
	});
});
