import { readPaymentConfig } from './config';
import { PaymentConfigError } from './errors';
import { methodsFor } from './methods';
import { createStripeGateway } from './stripe';
import { createTestGateway } from './test-gateway';
import type { PaymentGateway } from './types';
import { pickAdapter, type Env } from '../config/pick-adapter';

export type {
	CardSetupRequest,
	CheckoutRequest,
	CheckoutSession,
	PaymentEvent,
	PaymentGateway,
} from './types';
export { PaymentConfigError, PaymentRequestError, WebhookSignatureError } from './errors';

// The one place that chooses the gateway: Stripe when STRIPE_SECRET_KEY is set, else the embedded
// test gateway. A wrong or half-made configuration gives a gateway whose calls reject with a
// PaymentConfigError naming what to set (the webhook route answers 503, so Stripe retries later).

function unconfigured(error: PaymentConfigError, env: Env): PaymentGateway {
	const reject = () => Promise.reject(new PaymentConfigError(error.message));
	return {
		name: env.STRIPE_SECRET_KEY?.trim() || env.STRIPE_WEBHOOK_SECRET?.trim() ? 'stripe' : 'test',
		methodsFor,
		createCheckout: reject,
		parseWebhook: reject,
		chargeSaved: reject,
		refund: reject,
		createCardSetup: reject,
		closeCheckout: reject,
		detachMethod: reject,
		probe: reject,
	};
}

function createGateway(env: Env): PaymentGateway {
	try {
		const config = readPaymentConfig(env);
		return config.gateway === 'stripe'
			? createStripeGateway({ secretKey: config.secretKey, webhookSecrets: config.webhookSecrets })
			: createTestGateway(config.secret);
	} catch (error) {
		if (error instanceof PaymentConfigError) return unconfigured(error, env);
		throw error;
	}
}

/** The gateway for the current environment. */
export const getPaymentGateway = pickAdapter(
	[
		'STRIPE_SECRET_KEY',
		'STRIPE_WEBHOOK_SECRET',
		'TEST_GATEWAY_SECRET',
		'SUPABASE_SERVICE_ROLE_KEY',
		'SUPABASE_SECRET_KEY',
	],
	createGateway,
);
