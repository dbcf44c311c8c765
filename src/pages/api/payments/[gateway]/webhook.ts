import type { APIRoute } from 'astro';
import { handlePaymentEvent } from '~/server/billing/payment-events/handle';
import { json } from '~/server/http/api';
import { readCappedText } from '~/server/http/body';
import { siteOrigin } from '~/server/config/site-origin';
import {
	getPaymentGateway,
	PaymentConfigError,
	WebhookSignatureError,
	type PaymentEvent,
} from '~/server/payments';
import { logger } from '~/server/log/logger';

export const prerender = false;

// Stripe's events are a few kilobytes; this only bounds what an unverified sender can make us read.
const maxBodyBytes = 512 * 1024;

const failure = (status: number, code: string, message: string) =>
	json(status, { error: { code, message } });

/**
 * Where a gateway reports payments (POST /api/payments/stripe/webhook, …/test/webhook): the raw
 * body is verified by the gateway in use, then handed to fulfilment, which takes each event once.
 * A 4xx tells the gateway to give up on a delivery; a 5xx makes it retry.
 */
export const POST: APIRoute = async ({ params, request }) => {
	const gateway = getPaymentGateway();
	// Only the gateway in use has an endpoint: test payments stop the moment Stripe is configured.
	if (params.gateway !== gateway.name) return failure(404, 'unknown_gateway', 'Not in use');
	const read = await readCappedText(request, maxBodyBytes);
	if (!read.ok)
		return read.problem === 'too_large'
			? failure(413, 'body_too_large', 'Body too large')
			: failure(400, 'unreadable', 'Body not read');
	const rawBody = read.text;

	let event: PaymentEvent;
	try {
		event = await gateway.parseWebhook(rawBody, request.headers);
	} catch (error) {
		if (error instanceof WebhookSignatureError) return failure(400, 'bad_signature', error.message);
		logger.error('webhook not read', { gateway: gateway.name, error });
		return error instanceof PaymentConfigError
			? failure(503, 'not_configured', 'Payments are not configured')
			: failure(500, 'gateway_error', 'Could not read the event');
	}
	try {
		await handlePaymentEvent(event, siteOrigin(), gateway);
	} catch (error) {
		logger.error('payment event not processed', {
			gateway: gateway.name,
			eventId: event.eventId,
			error,
		});
		return failure(500, 'processing_failed', 'Not processed; deliver again');
	}
	return json(200, { received: true });
};
