import type { APIRoute } from 'astro';
import { requestPause } from '~/server/billing/pause/pause';
import { pauseBody, pauseRefusal } from '~/server/billing/pause/pause-request';
import { apiError, json } from '~/server/http/api';
import { siteOrigin } from '~/server/config/site-origin';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';

export const prerender = false;

/** POST /api/services/{id}/pause: the pause's invoice, and where to pay its fee. */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body: pauseBody, limit: limits.checkoutsPerAccount }, async (r) => {
		const { months, method } = r.body;
		const result = await requestPause(
			r.admin,
			r.customer,
			context.params.id ?? '',
			{ months, method },
			{ origin: siteOrigin(), locale: r.locale, now: new Date() },
		);
		if (typeof result !== 'string') return json(201, result);
		const { status, message } = pauseRefusal(result);
		return apiError(status, result, message, r.locale);
	});
