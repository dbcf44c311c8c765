import type { APIRoute } from 'astro';
import { z } from 'zod';
import { consoleAccess, consoleRefusals, signedInRecently } from '~/server/console/access';
import { mintConsoleToken } from '~/server/console/tokens';
import { apiError, json } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';
import { logger } from '~/server/log/logger';
import { limits } from '~/server/rate-limit/limits';

export const prerender = false;

const body = z.object({ locale: z.string().optional() });

/**
 * POST /api/services/{id}/console: a one-time WebSocket path on this site (`/console/<token>`,
 * to be opened within 30 s) to the machine's screen. The site's relay does the rest
 * (server/console-upgrade.ts); the hypervisor's ticket never leaves the server.
 */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.consoleOpensPerAccount }, async (r) => {
		if (!signedInRecently(r.customer))
			return apiError(403, 'reauthenticate', 'vps.console.error.reauthenticate', r.locale);
		const serviceId = context.params.id ?? '';
		const access = await consoleAccess(r.admin, r.customer.id, serviceId);
		if (typeof access === 'string') {
			const { status, message } = consoleRefusals[access];
			return apiError(status, access, message, r.locale);
		}
		const token = await mintConsoleToken(r.admin, r.customer.id, serviceId);
		const { error } = await r.admin.from('service_activity').insert({
			service_id: serviceId,
			user_id: r.customer.id,
			event: 'console_opened',
		});
		if (error) logger.error('console activity not logged', { serviceId, error: error.message });
		return json(200, { url: `/console/${token}` });
	});
