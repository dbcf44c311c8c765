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
import { siteOrigin } from '../config/site-origin';

// How the test pages' buttons (Pay / Decline, the Save card ones) reach fulfilment: as a signed
// webhook POSTed over HTTP to this site's own /api/payments/test/webhook, the route Stripe's
// webhooks take, so nothing about the verified path is special-cased for testing. It goes to the
// configured origin (siteOrigin), never where the request's Host points: a forged one would make
// the server post to any host it names.

type Env = Record<string, string | undefined>;

/** Signs Pay or Decline for `session` and delivers it; true once the webhook route answered 2xx. */
export function deliverTestWebhook(
	session: TestSession,
	outcome: 'pay' | 'decline',
	env: Env = process.env,
): Promise<boolean> {
	return deliver(testWebhookFor(session, outcome), env);
}

/** Signs the saving of `card` on a card setup and delivers it, as deliverTestWebhook does. */
export function deliverTestCardWebhook(
	session: TestSetupSession,
	card: TestCard,
	env: Env = process.env,
): Promise<boolean> {
	return deliver(testCardWebhookFor(session, card), env);
}

async function deliver(body: TestWebhookBody | TestCardWebhookBody, env: Env): Promise<boolean> {
	const config = readPaymentConfig(env);
	if (config.gateway !== 'test') throw new PaymentConfigError('The test gateway is not in use');
	const signed = signTestWebhook(body, { secret: config.secret });
	try {
		const response = await fetch(new URL('/api/payments/test/webhook', siteOrigin(env)), {
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
