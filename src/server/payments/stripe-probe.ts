import Stripe from 'stripe';

// The readiness check's question to Stripe: does it answer, and does it take our key? One cheap
// authenticated read, cut short and never retried, so a dead Stripe shows within the check's budget
// instead of after the gateway's usual 20 s and two retries.

export const stripeProbeTimeoutMs = 3_000;

/** Our own words for each failure: Stripe's messages quote a refused key (partly masked). */
function describe(error: unknown): string {
	if (error instanceof Stripe.errors.StripeAuthenticationError)
		return 'Stripe refused the secret key (401): check STRIPE_SECRET_KEY';
	if (error instanceof Stripe.errors.StripeConnectionError)
		return `Stripe did not answer within ${stripeProbeTimeoutMs / 1000} s, or the connection failed`;
	if (error instanceof Stripe.errors.StripeRateLimitError)
		return 'Stripe is rate limiting this account (429)';
	if (error instanceof Stripe.errors.StripeError)
		return `Stripe answered ${error.statusCode ?? 'without a status'} (${error.type})`;
	return `Stripe could not be asked (${error instanceof Error ? error.name : 'unknown error'})`;
}

/** Resolves when Stripe answers an authenticated read; rejects with a message free of the key. */
export async function probeStripe(client: Stripe): Promise<void> {
	try {
		await client.balance.retrieve({}, { timeout: stripeProbeTimeoutMs, maxNetworkRetries: 0 });
	} catch (error) {
		// A restricted key (rk_) without Balance access gets a 403, which still means Stripe knows the
		// key: readiness must not fail for a key that does everything checkout needs.
		if (error instanceof Stripe.errors.StripePermissionError) return;
		throw new Error(describe(error));
	}
}
