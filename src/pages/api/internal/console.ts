import type { APIRoute } from 'astro';
import { z } from 'zod';
import { fromThisProcess } from '~/server/checkout/resume-provisioning';
import { claimConsole } from '~/server/console/open';
import { json } from '~/server/http/api';
import { readCappedText } from '~/server/http/body';
import { callerOf } from '~/server/http/caller';
import { logger } from '~/server/log/logger';
import { adminClient } from '~/server/supabase/admin-client';
import { accessTokenOf } from '~/server/vps-panel/door';
import { sessionIdOf } from '~/lib/auth/token-claims';

export const prerender = false;

function parseJson(text: string): unknown {
	try {
		return JSON.parse(text);
	} catch {
		return null;
	}
}

const body = z.object({ token: z.string().max(100) });

/**
 * POST /api/internal/console: the site server's relay (server/console-upgrade.ts), holding a
 * browser's WebSocket to /console/<token>, asks here with the browser's cookies, because the
 * database and the hypervisor live in Astro's bundle. Answers where the relay connects, with the
 * hypervisor's credentials, and the grant the relay's live access check watches (which session
 * opened it, when): only to this process (its token), never to a browser; anyone else gets the
 * 404 of a route that does not exist.
 */
export const POST: APIRoute = async (context) => {
	if (!fromThisProcess(context.request)) return new Response(null, { status: 404 });
	const admin = adminClient();
	if (!admin) return json(503, { error: 'unavailable' });
	const read = await readCappedText(context.request, 1024);
	const parsed = body.safeParse(read.ok ? parseJson(read.text) : null);
	if (!parsed.success) return json(400, { error: 'invalid' });
	const user = await callerOf(context);
	const sessionId = user ? sessionIdOf((await accessTokenOf(context)) ?? '') : null;
	const caller = user && sessionId ? { userId: user.id, sessionId } : null;
	try {
		const claimed = await claimConsole(admin, parsed.data.token, caller);
		if (typeof claimed === 'string') return json(403, { error: claimed });
		const { url, headers, ca, fingerprint } = claimed.socket;
		return json(200, {
			url,
			headers,
			password: claimed.password,
			...(ca ? { ca: ca.toString('base64') } : {}),
			...(fingerprint ? { fingerprint } : {}),
			grant: claimed.grant,
		});
	} catch (failure) {
		logger.error('console not opened', { error: failure });
		return json(502, { error: 'hypervisor' });
	}
};
