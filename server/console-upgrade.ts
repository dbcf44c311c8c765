/**
 * The browser consoles' WebSockets: a VPS's screen (`/console/<token>`, made by POST
 * /api/services/{id}/console) and a game server's console (`/game-console/<token>`,
 * game-console-upgrade.ts). Only from the site's own pages (Origin), only with the session that
 * made the token: the upgrade handler spends the token in process, through the door Astro's side
 * opens (src/server/console/door.ts: the session in the browser's cookies, the single-use token,
 * the hypervisor's ticket or the panel's session), then the console's relay runs, and the live
 * access check closes it once the session, the service or the password no longer allow it. The
 * page never learns where the machine's console or the game server's node is.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { siteOrigin } from '../src/server/config/site-origin.ts';
import { consoleDoor, type ConsoleAsk } from '../src/server/console/door.ts';
import { vpsConsoleCheck, type LiveCheck } from '../src/server/console/live-access.ts';
import { serveConsole, type ClaimedConsole } from '../src/server/console/serve.ts';
import { logger } from '../src/server/log/logger.ts';
import { adminClient, type AdminClient } from '../src/server/supabase/admin-client.ts';

/** Astro's side opens the door on the server's first request, its own start-up call. */
const doorWaitMs = 10_000;

type Upgrade = (
	req: IncomingMessage,
	socket: Duplex,
	head: Buffer,
	clientAddress: string,
) => boolean;

/** How one console's upgrade is handled: its path, its door, and how an open one is served. */
export interface ConsoleRoute<Claimed extends { grant: { serviceId: string } }> {
	/** The path, its one capture the token. */
	path: RegExp;
	/** For the log: `console`, `game console`. */
	name: string;
	walk: (waitMs: number) => Promise<((asked: ConsoleAsk) => Promise<Claimed | string>) | undefined>;
	serve: (
		browser: WebSocket,
		claimed: Claimed,
		admin: AdminClient,
		onEnd: (reason: string) => void,
	) => void;
	/** Largest frame the page may send, in bytes. */
	maxPayload?: number;
}

function refuse(socket: Duplex, status: number, text: string): void {
	socket.end(`HTTP/1.1 ${status} ${text}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
}

function serviceRole(): AdminClient {
	const admin = adminClient();
	if (!admin) throw new Error('SUPABASE_SERVICE_ROLE_KEY is not set');
	return admin;
}

/** The upgrade handler of one console: true when the path was its own (answered either way). */
export function consoleUpgradeFor<Claimed extends { grant: { serviceId: string } }>(
	route: ConsoleRoute<Claimed>,
): Upgrade {
	const sockets = new WebSocketServer({
		noServer: true,
		perMessageDeflate: false,
		...(route.maxPayload ? { maxPayload: route.maxPayload } : {}),
	});
	return (req, socket, head, clientAddress) => {
		const token = route.path.exec((req.url ?? '').split('?')[0] ?? '')?.[1];
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
		route
			.walk(doorWaitMs)
			.then(async (claim) => {
				if (!claim) return refuse(socket, 503, 'Service Unavailable');
				const claimed = await claim(asked);
				if (typeof claimed === 'string') {
					logger.info(`${route.name} refused`, { reason: claimed });
					return refuse(socket, 403, 'Forbidden');
				}
				const admin = serviceRole();
				const serviceId = claimed.grant.serviceId;
				sockets.handleUpgrade(req, socket, head, (browser) =>
					route.serve(browser, claimed, admin, (reason) =>
						logger.info(`${route.name} closed`, { reason, serviceId }),
					),
				);
			})
			.catch((error: unknown) => {
				logger.error(`${route.name} not opened`, { error });
				refuse(socket, 502, 'Bad Gateway');
			});
		return true;
	};
}

// One service-role check for every VPS console this process holds: one RPC per console per check.
let check: LiveCheck | undefined;

/** The VPS console's upgrade (`/console/<token>`); false leaves it to others. */
export const consoleUpgrade = consoleUpgradeFor<ClaimedConsole>({
	path: /^\/console\/([A-Za-z0-9_-]{43})$/,
	name: 'console',
	walk: consoleDoor,
	serve: (browser, claimed, admin, onEnd) =>
		serveConsole(browser, claimed, { check: (check ??= vpsConsoleCheck(admin)), onEnd }),
});
