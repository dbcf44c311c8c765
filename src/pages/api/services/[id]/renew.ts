import type { APIRoute } from 'astro';
import { z } from 'zod';
import { renewEarly } from '~/server/billing/run/renew-early';
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

/** POST /api/services/{id}/renew: the next period's invoice now, and where to pay it. */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.checkoutsPerAccount }, async (r) => {
		const result = await renewEarly(r.admin, r.customer, context.params.id ?? '', r.body.method, {
			origin: siteOrigin(),
			locale: r.locale,
			now: new Date(),
		});
		if (result === 'not_found')
			return apiError(404, result, 'services.upgrade.error.not_found', r.locale);
		if (result === 'not_renewable')
			return apiError(409, result, 'services.renew.error.not_renewable', r.locale);
		if (result === 'method_unavailable')
			return apiError(422, result, 'services.upgrade.error.method_unavailable', r.locale);
		return json(201, result);
	});
