import type { APIRoute } from 'astro';
import { z } from 'zod';
import { apiError, json, tooManyRequests } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';
import { clientAddressOf } from '~/server/http/request-address';
import { limits } from '~/server/rate-limit/limits';
import { resetServerPassword } from '~/server/servers/actions';
import { serverRefusals } from '~/server/servers/refusals';
import { accessTokenOf } from '~/server/vps-panel/door';
import { ownedVps } from '~/server/vps-panel/guard';
import { resetVpsPassword } from '~/server/vps-panel/password';
import { vpsRefusals } from '~/server/vps-panel/refusals';

export const prerender = false;

const body = z.object({ locale: z.string().optional() });
const noStore = { 'Cache-Control': 'no-store' };

/**
 * POST /api/services/{id}/password: a VPS gets a new root (or Administrator) password, a game
 * server a new game panel (and SFTP) password; either is shown once.
 */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body }, async (r) => {
		const id = context.params.id ?? '';
		if ((await ownedVps(r.admin, r.customer, id)) !== 'not_found') {
			const caller = {
				customer: r.customer,
				accessToken: await accessTokenOf(context),
				address: clientAddressOf(context),
			};
			const vps = await resetVpsPassword(r.admin, caller, id);
			if (typeof vps !== 'string') return json(200, vps, noStore);
			const { status, message } = vpsRefusals[vps];
			return apiError(status, vps, message, r.locale);
		}
		const verdict = await limits.serverActionsPerAccount.hit(r.customer.id);
		if (!verdict.ok) return tooManyRequests(verdict, r.locale);
		const result = await resetServerPassword(r.admin, r.customer, id);
		if (typeof result !== 'string') return json(200, result, noStore);
		const { status, message } = serverRefusals[result];
		return apiError(status, result, message, r.locale);
	});
