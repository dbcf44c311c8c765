import type { APIRoute } from 'astro';
import { z } from 'zod';
import { fromThisProcess } from '~/server/checkout/resume-provisioning';
import { consoleAccess } from '~/server/console/access';
import { consumeConsoleToken } from '~/server/console/tokens';
import { json } from '~/server/http/api';
import { callerOf } from '~/server/http/caller';
import { getHypervisor } from '~/server/hypervisor';
import { logger } from '~/server/log/logger';
import { adminClient } from '~/server/supabase/admin-client';

export const prerender = false;

const body = z.object({ token: z.string().max(100) });

/**
 * POST /api/internal/console: the site server's relay (server/console-upgrade.ts), holding a
 * browser's WebSocket to /console/<token>, asks here with the browser's cookies, because the
 * database and the hypervisor live in Astro's bundle. Spends the token, checks it is the caller's
 * and that the machine may still be opened, and answers where the relay connects. Only the
 * process itself may ask; anyone else gets a 404.
 */
export const POST: APIRoute = async (context) => {
	if (!fromThisProcess(context.request)) return new Response(null, { status: 404 });
	const admin = adminClient();
	if (!admin) return json(503, { error: 'unavailable' });
	const parsed = body.safeParse(await context.request.json().catch(() => null));
	if (!parsed.success) return json(400, { error: 'invalid' });
	const claim = await consumeConsoleToken(admin, parsed.data.token);
	if (!claim) return json(404, { error: 'token' });
	const caller = await callerOf(context);
	if (!caller || caller.id !== claim.userId) return json(403, { error: 'session' });
	const machine = await consoleAccess(admin, claim.userId, claim.serviceId);
	if (typeof machine === 'string') return json(409, { error: machine });
	try {
		const ticket = await getHypervisor().console(machine.ref);
		const { url, headers, ca, fingerprint } = ticket.socket;
		return json(200, {
			url,
			headers,
			password: ticket.password,
			...(ca ? { ca: ca.toString('base64') } : {}),
			...(fingerprint ? { fingerprint } : {}),
		});
	} catch (failure) {
		logger.error('console not opened', { serviceId: claim.serviceId, error: failure });
		return json(502, { error: 'hypervisor' });
	}
};
