import type { APIRoute } from 'astro';
import { z } from 'zod';
import { apiError, json } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';
import { resetServerPassword } from '~/server/servers/actions';
import { serverRefusals } from '~/server/servers/refusals';
import { resetVpsPassword } from '~/server/vps-panel/password';
import { signedInWithinHour } from '~/server/vps-panel/privileged';
import { vpsRefusals } from '~/server/vps-panel/refusals';

export const prerender = false;

const body = z.object({ locale: z.string().optional() });
const noStore = { 'Cache-Control': 'no-store' };

/**
 * POST /api/services/{id}/password: a VPS gets a new root (or Administrator) password, a game
 * server a new game panel (and SFTP) password; either is shown once.
 */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.serverActionsPerAccount }, async (r) => {
		const id = context.params.id ?? '';
		const vps = await resetVpsPassword(r.admin, r.customer, id, await signedInWithinHour(context));
		if (typeof vps !== 'string') return json(200, vps, noStore);
		if (vps !== 'not_vps') {
			const { status, message } = vpsRefusals[vps];
			return apiError(status, vps, message, r.locale);
		}
		const result = await resetServerPassword(r.admin, r.customer, id);
		if (typeof result !== 'string') return json(200, result, noStore);
		const { status, message } = serverRefusals[result];
		return apiError(status, result, message, r.locale);
	});
