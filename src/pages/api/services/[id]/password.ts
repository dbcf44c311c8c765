import type { APIRoute } from 'astro';
import { z } from 'zod';
import { apiError, json } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';
import { resetServerPassword } from '~/server/servers/actions';
import { serverRefusals } from '~/server/servers/refusals';

export const prerender = false;

const body = z.object({ locale: z.string().optional() });

/** POST /api/services/{id}/password: a new game panel (and SFTP) password, shown once. */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.serverActionsPerAccount }, async (r) => {
		const result = await resetServerPassword(r.admin, r.customer, context.params.id ?? '');
		if (typeof result !== 'string') return json(200, result, { 'Cache-Control': 'no-store' });
		const { status, message } = serverRefusals[result];
		return apiError(status, result, message, r.locale);
	});
