import type { APIRoute } from 'astro';
import { resumePause } from '~/server/billing/pause/pause';
import { pauseRefusal, resumeBody } from '~/server/billing/pause/pause-request';
import { apiError, json } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';

export const prerender = false;

/** POST /api/services/{id}/resume: ends the service's pause now; the days it did not run come back. */
export const POST: APIRoute = (context) =>
	customerRoute(
		context,
		{ body: resumeBody, maxBytes: 1024, limit: limits.checkoutsPerAccount },
		async (r) => {
			const result = await resumePause(r.admin, r.customer.id, context.params.id ?? '', new Date());
			if (typeof result !== 'string') return json(200, result);
			const { status, message } = pauseRefusal(result);
			return apiError(status, result, message, r.locale);
		},
	);
