import type { APIRoute } from 'astro';
import { keepServer } from '~/server/cancellation/actions';
import { cancelRefusal, customerClientOf, keepBody } from '~/server/cancellation/request';
import { apiError, json } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';

export const prerender = false;

/** POST /api/services/{id}/keep: withdraws a pending cancellation; `{ cancelAtPeriodEnd: false }`. */
export const POST: APIRoute = (context) =>
	customerRoute(
		context,
		{ body: keepBody, limit: limits.serviceChangesPerAccount, maxBytes: 1024 },
		async (r) => {
			const client = customerClientOf(context);
			if (!client) return apiError(503, 'unavailable', 'checkout.error.unavailable', r.locale);
			const result = await keepServer(client, context.params.id ?? '');
			if (typeof result !== 'string') return json(200, result);
			const { status, message } = cancelRefusal(result);
			return apiError(status, result, message, r.locale);
		},
	);
