/**
 * The browser console's WebSocket (`/console/<token>`, made by POST /api/services/{id}/console).
 * Only from the site's own pages (Origin), only with the session that made the token: the upgrade
 * handler spends the token in process, through the door Astro's side opens
 * (src/server/console/door.ts, claim-upgrade.ts: the session in the browser's cookies, the
 * single-use token, the hypervisor's ticket), then the relay joins the page and the machine's
 * screen, and the live access check closes it once the session, the VPS or the password no longer
 * allow it (src/server/console/serve.ts). The page never learns where the machine's console is.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { siteOrigin } from '../src/server/config/site-origin.ts';
import { consoleDoor } from '../src/server/console/door.ts';
import { vpsConsoleCheck, type LiveCheck } from '../src/server/console/live-access.ts';
import { serveConsole } from '../src/server/console/serve.ts';
import { logger } from '../src/server/log/logger.ts';
import { adminClient } from '../src/server/supabase/admin-client.ts';

const consolePath = /^\/console\/([A-Za-z0-9_-]{43})$/;
/** Astro's side opens the door on the server's first request, its own start-up call. */
const doorWaitMs = 10_000;

// One service-role client for every console this process holds: one RPC per console per check.
let check: LiveCheck | undefined;
function liveCheck(): LiveCheck {
	const admin = adminClient();
	if (!admin) throw new Error('SUPABASE_SERVICE_ROLE_KEY is not set');
	return (check ??= vpsConsoleCheck(admin));
}

const sockets = new WebSocketServer({ noServer: true, perMessageDeflate: false });

function refuse(socket: Duplex, status: number, text: string): void {
	socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

/** Handles an upgrade when it is the console's; false leaves it to others. */
export function consoleUpgrade(
	req: IncomingMessage,
	socket: Duplex,
	head: Buffer,
	clientAddress: string,
): boolean {
	const token = consolePath.exec((req.url ?? '').split('?')[0] ?? '')?.[1];
	if (!token) return false;
	if (req.headers.origin !== siteOrigin()) {
		refuse(socket, 403, 'Forbidden');
		return true;
	}
	const asked = {
		token,
		cookie: req.headers.cookie ?? '',
		clientAddress,
		userAgent: req.headers['user-agent'],
	};
	consoleDoor(doorWaitMs)
		.then(async (claim) => {
			if (!claim) return refuse(socket, 503, 'Service Unavailable');
			const claimed = await claim(asked);
			if (typeof claimed === 'string') {
				logger.info('console refused', { reason: claimed });
				return refuse(socket, 403, 'Forbidden');
			}
			const check = liveCheck();
			sockets.handleUpgrade(req, socket, head, (browser) =>
				serveConsole(browser, claimed, {
					check,
					onEnd: (reason) =>
						logger.info('console closed', { reason, serviceId: claimed.grant.serviceId }),
				}),
			);
		})
		.catch((error: unknown) => {
			logger.error('console not opened', { error });
			refuse(socket, 502, 'Bad Gateway');
		});
	return true;
}
