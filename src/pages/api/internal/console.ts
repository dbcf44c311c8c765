import type { APIRoute } from 'astro';
import { z } from 'zod';
import { fromThisProcess } from '~/server/checkout/resume-provisioning';
import { claimConsole } from '~/server/console/open';
import { json } from '~/server/http/api';
import { callerOf } from '~/server/http/caller';
import { logger } from '~/server/log/logger';
import { adminClient } from '~/server/supabase/admin-client';

export const prerender = false;

const body = z.object({ token: z.string().max(100) });

/**
 * POST /api/internal/console: the site server's relay (server/console-upgrade.ts), holding a
 * browser's WebSocket to /console/<token>, asks here with the browser's cookies, because the
 * database and the hypervisor live in Astro's bundle. Answers where the relay connects, with the
 * hypervisor's credentials: only to this process (its token), never to a browser; anyone else
 * gets the 404 of a route that does not exist.
 */
export const POST: APIRoute = async (context) => {
	if (!fromThisProcess(context.request)) return new Response(null, { status: 404 });
	const admin = adminClient();
	if (!admin) return json(503, { error: 'unavailable' });
	const parsed = body.safeParse(await context.request.json().catch(() => null));
	if (!parsed.success) return json(400, { error: 'invalid' });
	const caller = await callerOf(context);
	try {
		const ticket = await claimConsole(admin, parsed.data.token, caller?.id);
		if (typeof ticket === 'string') return json(403, { error: ticket });
		const { url, headers, ca, fingerprint } = ticket.socket;
		return json(200, {
			url,
			headers,
			password: ticket.password,
			...(ca ? { ca: ca.toString('base64') } : {}),
			...(fingerprint ? { fingerprint } : {}),
		});
	} catch (failure) {
		logger.error('console not opened', { error: failure });
		return json(502, { error: 'hypervisor' });
	}
};
