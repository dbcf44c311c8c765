import type { APIRoute } from 'astro';
import { z } from 'zod';
import { apiError, json } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';
import { openGameConsole } from '~/server/game-console/open';
import { limits } from '~/server/rate-limit/limits';
import { serverRefusals } from '~/server/servers/refusals';
import { accessTokenOf } from '~/server/vps-panel/door';

export const prerender = false;

const body = z.object({ locale: z.string().optional() });

/**
 * POST /api/services/{id}/game-console: `{ url }`, a one-time WebSocket path on this site
 * (`/game-console/<token>`, to be opened within 30 s by the same session) to the game server's
 * live console. The site's relay speaks to the panel (server/game-console-upgrade.ts); no panel
 * token ever reaches the page. Refusals are the server page's, in the customer's language.
 */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.serverActionsPerAccount }, async (r) => {
		const caller = {
			userId: r.customer.id,
			viewer: 'owner' as const,
			accessToken: await accessTokenOf(context),
		};
		const opened = await openGameConsole(r.admin, caller, context.params.id ?? '');
		if (typeof opened !== 'string') return json(200, { url: opened.url });
		if (opened === 'reauthenticate')
			return apiError(403, opened, 'vps.console.error.reauthenticate', r.locale);
		const { status, message } = serverRefusals[opened];
		return apiError(status, opened, message, r.locale);
	});
