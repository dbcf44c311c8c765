import { createHmac } from 'node:crypto';
import { PaymentConfigError } from './errors.ts';

// Which gateway the environment asks for, checked once so a wrong setting is reported by name. A
// half-configured Stripe is an error, never a quiet fall back to the test gateway: that one marks
// invoices paid at the click of a button.

export type PaymentConfig =
	| { gateway: 'stripe'; secretKey: string; webhookSecrets: string[] }
	| { gateway: 'test'; secret: string };

type Env = Record<string, string | undefined>;

/** Domain label for the derived secret, so it never equals anything else made from the same key. */
const derivationLabel = 'frostnode/test-gateway/v1';

function readStripe(env: Env, secretKey: string): PaymentConfig {
	// sk_ (secret) or rk_ (restricted); a pasted pk_ (publishable) key would fail every call.
	if (!/^(sk|rk)_(test|live)_\S+$/.test(secretKey))
		throw new PaymentConfigError('STRIPE_SECRET_KEY must be a secret key (sk_test_…, sk_live_…)');
	// Comma-separated: more than one endpoint (e.g. a test and a live one) may post to this site.
	const webhookSecrets = (env.STRIPE_WEBHOOK_SECRET ?? '')
		.split(',')
		.map((part) => part.trim())
		.filter(Boolean);
	if (webhookSecrets.length === 0)
		throw new PaymentConfigError(
			'STRIPE_WEBHOOK_SECRET is not set (the whsec_… signing secret of the webhook endpoint)',
		);
	if (!webhookSecrets.every((part) => /^whsec_\S+$/.test(part)))
		throw new PaymentConfigError(
			'STRIPE_WEBHOOK_SECRET must be whsec_… (comma-separated if several)',
		);
	return { gateway: 'stripe', secretKey, webhookSecrets };
}

function readTest(env: Env): PaymentConfig {
	const own = env.TEST_GATEWAY_SECRET?.trim();
	if (own) {
		if (own.length < 32)
			throw new PaymentConfigError('TEST_GATEWAY_SECRET must be at least 32 characters');
		return { gateway: 'test', secret: own };
	}
	// Each install's service key differs, so each install's test signatures do too, with nothing to
	// set up; the HMAC keeps the service key itself out of every signature.
	const serviceKey = env.SUPABASE_SERVICE_ROLE_KEY?.trim() || env.SUPABASE_SECRET_KEY?.trim();
	if (!serviceKey)
		throw new PaymentConfigError(
			'The test gateway needs TEST_GATEWAY_SECRET or SUPABASE_SERVICE_ROLE_KEY to sign with',
		);
	return {
		gateway: 'test',
		secret: createHmac('sha256', serviceKey).update(derivationLabel).digest('hex'),
	};
}

/** The payment configuration from the environment; throws PaymentConfigError naming what to fix. */
export function readPaymentConfig(env: Env): PaymentConfig {
	const secretKey = env.STRIPE_SECRET_KEY?.trim();
	if (secretKey) return readStripe(env, secretKey);
	if (env.STRIPE_WEBHOOK_SECRET?.trim())
		throw new PaymentConfigError(
			'STRIPE_WEBHOOK_SECRET is set but STRIPE_SECRET_KEY is not: set both, or neither for the test gateway',
		);
	return readTest(env);
}
