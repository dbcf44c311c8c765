/**
 * The browser console's WebSocket (`/console/<token>`, made by POST /api/services/{id}/console).
 * Only from the site's own pages (Origin), only with the session that made the token: the
 * Astro side spends the token and asks the hypervisor (POST /api/internal/console, this
 * process's token), then the relay joins the page and the machine's screen
 * (src/server/console/relay.ts). The page never learns where the machine's console is.
 */
import { request, type IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { z } from 'zod';
import { relay } from '../src/server/console/relay.ts';
import { openUpstream } from '../src/server/console/upstream.ts';
import { processToken } from '../src/server/http/lifecycle.ts';
import { siteOrigin } from '../src/server/http/site-origin.ts';
import { logger } from '../src/server/log/logger.ts';

const consolePath = /^\/console\/([A-Za-z0-9_-]{43})$/;
const opened = z.object({
	url: z.string(),
	headers: z.record(z.string(), z.string()),
	password: z.string(),
	ca: z.string().optional(),
	fingerprint: z.string().optional(),
});
type Opened = z.infer<typeof opened>;

/** Minutes without a key press or pointer move before the console closes (CONSOLE_IDLE_MINUTES). */
function idleMs(env: NodeJS.ProcessEnv = process.env): number {
	const minutes = Number(env.CONSOLE_IDLE_MINUTES ?? '5');
	return (Number.isFinite(minutes) && minutes > 0 ? minutes : 5) * 60_000;
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
			sockets.handleUpgrade(req, socket, head, (browser) => {
				const upstream = openUpstream({
					url: target.url,
					headers: target.headers,
					...(target.ca ? { ca: Buffer.from(target.ca, 'base64') } : {}),
					...(target.fingerprint ? { fingerprint: target.fingerprint } : {}),
				});
				relay(browser, upstream, {
					password: target.password,
					idleMs: idleMs(),
					onEnd: (reason) => logger.info('console closed', { reason }),
				});
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
