import { readPaymentConfig } from './config';
import { PaymentConfigError } from './errors';
import {
	signTestWebhook,
	testCardWebhookFor,
	testWebhookFor,
	type TestCard,
	type TestCardWebhookBody,
	type TestSession,
	type TestSetupSession,
	type TestWebhookBody,
} from './test-gateway';
import { logger } from '../log/logger';

// How the test pages' buttons (Pay / Decline, the Save card ones) reach fulfilment: as a signed
// webhook POSTed over HTTP to this site's own /api/payments/test/webhook, the route Stripe's
// webhooks take, so nothing about the verified path is special-cased for testing.

type Env = Record<string, string | undefined>;

const loopback = /^(localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

/**
 * Where this site answers, without believing the request's Host header (a forged one would make the
 * server post to any host it names): the operator's PUBLIC_SITE_URL, or else a loopback origin on
 * the port this server listens on (PORT, 4321 by default), which is what `npm start` and the tests
 * run. Null when neither applies.
 */
export function selfOrigin(requestUrl: URL, env: Env = process.env): string | null {
	const site = env.PUBLIC_SITE_URL?.trim();
	if (site) {
		try {
			return new URL(site).origin;
		} catch {
			return null;
		}
	}
	const port = requestUrl.port || (requestUrl.protocol === 'https:' ? '443' : '80');
	return loopback.test(requestUrl.hostname) && port === (env.PORT?.trim() || '4321')
		? requestUrl.origin
		: null;
}

/** Signs Pay or Decline for `session` and delivers it; true once the webhook route answered 2xx. */
export function deliverTestWebhook(
	session: TestSession,
	outcome: 'pay' | 'decline',
	requestUrl: URL,
	env: Env = process.env,
): Promise<boolean> {
	return deliver(testWebhookFor(session, outcome), requestUrl, env);
}

/** Signs the saving of `card` on a card setup and delivers it, as deliverTestWebhook does. */
export function deliverTestCardWebhook(
	session: TestSetupSession,
	card: TestCard,
	requestUrl: URL,
	env: Env = process.env,
): Promise<boolean> {
	return deliver(testCardWebhookFor(session, card), requestUrl, env);
}

async function deliver(
	body: TestWebhookBody | TestCardWebhookBody,
	requestUrl: URL,
	env: Env,
): Promise<boolean> {
	const origin = selfOrigin(requestUrl, env);
	if (!origin) {
		logger.error('test gateway: set PUBLIC_SITE_URL so Pay can reach the webhook');
		return false;
	}
	const config = readPaymentConfig(env);
	if (config.gateway !== 'test') throw new PaymentConfigError('The test gateway is not in use');
	const signed = signTestWebhook(body, { secret: config.secret });
	try {
		const response = await fetch(new URL('/api/payments/test/webhook', origin), {
			method: 'POST',
			headers: signed.headers,
			body: signed.rawBody,
			redirect: 'manual',
			signal: AbortSignal.timeout(15_000),
		});
		await response.body?.cancel();
		if (!response.ok) logger.error('test webhook refused', { status: response.status });
		return response.ok;
	} catch (error) {
		logger.error('test webhook not delivered', { error });
		return false;
	}
}
