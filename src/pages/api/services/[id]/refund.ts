import type { APIRoute } from 'astro';
import { z } from 'zod';
import { requestMoneyBack } from '~/server/billing/refund/money-back';
import { apiError, json } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';

export const prerender = false;

const body = z.object({
	reason: z.string().trim().min(1).max(2000),
	locale: z.string().optional(),
});

/** POST /api/services/{id}/refund: the money-back guarantee; answers the credit note. */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.checkoutsPerAccount }, async (r) => {
		const result = await requestMoneyBack(
			r.admin,
			r.customer,
			context.params.id ?? '',
			r.body.reason,
			new Date(),
		);
		if (result === 'not_found')
			return apiError(404, result, 'services.upgrade.error.not_found', r.locale);
		if (typeof result === 'string')
			return apiError(409, result, `services.refund.error.${result}`, r.locale);
		return json(201, result);
	});
