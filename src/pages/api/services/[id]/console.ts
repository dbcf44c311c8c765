import type { APIRoute } from 'astro';
import { z } from 'zod';
import { consoleRefusals } from '~/server/console/access';
import { openConsole } from '~/server/console/open';
import { apiError, json } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';
import { accessTokenOf } from '~/server/vps-panel/door';

export const prerender = false;

const body = z.object({ locale: z.string().optional() });

/**
 * POST /api/services/{id}/console: a one-time WebSocket path on this site (`/console/<token>`,
 * to be opened within 30 s) to the machine's screen. The site's relay does the rest
 * (server/console-upgrade.ts); the hypervisor's ticket never leaves the server.
 */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.vpsActionsPerAccount }, async (r) => {
		const caller = { customer: r.customer, accessToken: await accessTokenOf(context) };
		const opened = await openConsole(r.admin, caller, context.params.id ?? '');
		if (typeof opened !== 'string') return json(200, opened);
		if (opened === 'reauthenticate')
			return apiError(403, opened, 'vps.console.error.reauthenticate', r.locale);
		const { status, message } = consoleRefusals[opened];
		return apiError(status, opened, message, r.locale);
	});
