import type { APIRoute } from 'astro';
import { z } from 'zod';
import { apiError, json } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';
import { powerServer } from '~/server/servers/actions';
import { serverRefusals } from '~/server/servers/refusals';

export const prerender = false;

const body = z.object({
	signal: z.enum(['start', 'stop', 'restart', 'kill']),
	locale: z.string().optional(),
});

/** POST /api/services/{id}/power: start, stop, restart or kill; answers the state right after. */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.serverActionsPerAccount }, async (r) => {
		const result = await powerServer(r.admin, r.customer, context.params.id ?? '', r.body.signal);
		if (typeof result !== 'string') return json(200, result);
		const { status, message } = serverRefusals[result];
		return apiError(status, result, message, r.locale);
	});
