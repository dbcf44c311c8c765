import type { APIRoute } from 'astro';
import { z } from 'zod';
import { vpsPowerActions } from '~/lib/vps/power';
import { apiError, json, tooManyRequests } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';
import { powerServer } from '~/server/servers/actions';
import { serverRefusals } from '~/server/servers/refusals';
import { powerVps } from '~/server/vps-panel/actions';
import { accessTokenOf, vpsAnswer } from '~/server/vps-panel/door';

export const prerender = false;

// A game server takes a `signal`, a VPS an `action` (its own limit, under the VPS Rules).
const body = z.union([
	z.object({ signal: z.enum(['start', 'stop', 'restart', 'kill']), locale: z.string().optional() }),
	z.object({ action: z.enum(vpsPowerActions), locale: z.string().optional() }),
]);

/**
 * POST /api/services/{id}/power: a game server's start, stop, restart or kill, or a VPS's start,
 * shutdown, stop, reboot or reset; answers the state right after.
 */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body }, async (r) => {
		const id = context.params.id ?? '';
		if ('action' in r.body) {
			const caller = { customer: r.customer, accessToken: await accessTokenOf(context) };
			return vpsAnswer(await powerVps(r.admin, caller, id, r.body.action), r.locale);
		}
		const verdict = await limits.serverActionsPerAccount.hit(r.customer.id);
		if (!verdict.ok) return tooManyRequests(verdict, r.locale);
		const result = await powerServer(r.admin, r.customer, id, r.body.signal);
		if (typeof result !== 'string') return json(200, result);
		const { status, message } = serverRefusals[result];
		return apiError(status, result, message, r.locale);
	});
