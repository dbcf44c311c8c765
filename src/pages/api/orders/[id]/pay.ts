import type { APIRoute } from 'astro';
import { z } from 'zod';
import { retryPayment } from '~/server/checkout/retry-payment';
import { apiError, json } from '~/server/http/api';
import { siteOrigin } from '~/server/config/site-origin';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';
import { paymentMethodSchema } from '~/lib/domain/payment-method';

export const prerender = false;

const body = z.object({
	method: paymentMethodSchema,
	locale: z.string().optional(),
});

/** POST /api/orders/{id}/pay: a new payment for the same order after a decline or an abandoned page. */
export const POST: APIRoute = (context) =>
	customerRoute(
		context,
		{ body, maxBytes: 16 * 1024, limit: limits.checkoutsPerAccount },
		async (r) => {
			const result = await retryPayment(
				r.admin,
				r.customer,
				context.params.id ?? '',
				r.body.method,
				{
					origin: siteOrigin(),
					locale: r.locale,
				},
			);
			if (result === 'not_found')
				return apiError(404, 'not_found', 'checkout.error.orderNotFound', r.locale);
			if (result === 'method_unavailable')
				return apiError(422, 'method_unavailable', 'checkout.error.method_unavailable', r.locale);
			return json(200, result);
		},
	);
