import type { APIRoute } from 'astro';
import { requestCancellation } from '~/server/cancellation/actions';
import { cancelBody, cancelRefusal, customerClientOf } from '~/server/cancellation/request';
import { apiError, json } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';

export const prerender = false;

/**
 * POST /api/services/{id}/cancel with `{ reason }`: the server ends and is deleted at the end of
 * its period; answers `{ cancelAtPeriodEnd: true, deletionDate }`. Asked again, the same.
 */
export const POST: APIRoute = (context) =>
	customerRoute(
		context,
		{ body: cancelBody, limit: limits.serviceChangesPerAccount, maxBytes: 16 * 1024 },
		async (r) => {
			const client = customerClientOf(context);
			if (!client) return apiError(503, 'unavailable', 'checkout.error.unavailable', r.locale);
			const result = await requestCancellation(
				client,
				context.params.id ?? '',
				r.body.reason ?? '',
			);
			if (typeof result !== 'string') return json(200, result);
			const { status, message } = cancelRefusal(result);
			return apiError(status, result, message, r.locale);
		},
	);
