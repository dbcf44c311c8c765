/**
 * The browser console's WebSocket (`/console/<token>`, made by POST /api/services/{id}/console).
 * Only from the site's own pages (Origin), only with the session that made the token: the
 * Astro side spends the token and asks the hypervisor (POST /api/internal/console, this
 * process's token), then the relay joins the page and the machine's screen, and the live access
 * check closes it once the session, the VPS or the password no longer allow it
 * (src/server/console/serve.ts). The page never learns where the machine's console is.
 */
import { request, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { z } from 'zod';
import { vpsConsoleCheck, type LiveCheck } from '../src/server/console/live-access.ts';
import { serveConsole } from '../src/server/console/serve.ts';
import { processToken } from '../src/server/http/lifecycle.ts';
import { siteOrigin } from '../src/server/config/site-origin.ts';
import { logger } from '../src/server/log/logger.ts';
import { adminClient } from '../src/server/supabase/admin-client.ts';

const consolePath = /^\/console\/([A-Za-z0-9_-]{43})$/;
const opened = z.object({
	url: z.string(),
	headers: z.record(z.string(), z.string()),
	password: z.string(),
	ca: z.string().optional(),
	fingerprint: z.string().optional(),
	grant: z.object({
		sessionId: z.string(),
		userId: z.string(),
		serviceId: z.string(),
		openedAt: z.string(),
	}),
});
type Opened = z.infer<typeof opened>;

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
	self: { address: string; port: number },
): boolean {
	const token = consolePath.exec((req.url ?? '').split('?')[0] ?? '')?.[1];
	if (!token) return false;
	if (req.headers.origin !== siteOrigin()) {
		refuse(socket, 403, 'Forbidden');
		return true;
	}
	askAstro(self, token, req.headers.cookie ?? '')
		.then((target) => {
			if (!target) return refuse(socket, 403, 'Forbidden');
			const check = liveCheck();
			sockets.handleUpgrade(req, socket, head, (browser) => {
				const { url, headers, ca, fingerprint, password, grant } = target;
				const where = {
					url,
					headers,
					...(ca ? { ca: Buffer.from(ca, 'base64') } : {}),
					...(fingerprint ? { fingerprint } : {}),
				};
				serveConsole(
					browser,
					{ socket: where, password, grant },
					{
						check,
						onEnd: (reason) =>
							logger.info('console closed', { reason, serviceId: grant.serviceId }),
					},
				);
			});
		})
		.catch((error: unknown) => {
			logger.error('console not opened', { error });
			refuse(socket, 502, 'Bad Gateway');
		});
	return true;
}

function askAstro(
	self: { address: string; port: number },
	token: string,
	cookie: string,
): Promise<Opened | null> {
	return new Promise((resolve, reject) => {
		const asked = request(
			{
				host: self.address,
				port: self.port,
				method: 'POST',
				path: '/api/internal/console',
				headers: {
					Host: new URL(siteOrigin()).host,
					Origin: siteOrigin(),
					Cookie: cookie,
					'Content-Type': 'application/json',
					'X-Process-Token': processToken(),
				},
			},
			(response) => {
				const chunks: Buffer[] = [];
				response.on('data', (chunk: Buffer) => chunks.push(chunk));
				response.on('end', () => {
					if (response.statusCode !== 200) return resolve(null);
					const parsed = opened.safeParse(JSON.parse(Buffer.concat(chunks).toString('utf8')));
					resolve(parsed.success ? parsed.data : null);
				});
			},
		);
		asked.on('error', reject);
		asked.end(JSON.stringify({ token }));
	});
}
