import type { APIRoute } from 'astro';
import { z } from 'zod';
import { apiError, json } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';
import { serverRefusals } from '~/server/servers/refusals';
import { saveServerSettings } from '~/server/servers/settings';

export const prerender = false;

/** UTC, 'HH:MM'; null for none. */
const dailyTime = z
	.string()
	.regex(/^([01]\d|2[0-3]):[0-5]\d$/)
	.nullable();

const body = z.object({
	label: z.string().max(60),
	dailyRestartAt: dailyTime,
	/** Left as it is when omitted. */
	dailyBackupAt: dailyTime.optional(),
	locale: z.string().optional(),
});

/** POST /api/services/{id}/settings: the server's label, daily restart and daily backup times. */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.serverActionsPerAccount }, async (r) => {
		const result = await saveServerSettings(r.admin, r.customer, context.params.id ?? '', r.body);
		if (typeof result !== 'string') return json(200, result);
		const { status, message } = serverRefusals[result];
		return apiError(status, result, message, r.locale);
	});
