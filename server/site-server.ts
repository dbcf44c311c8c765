/**
 * The production web server: built files (compressed at build time) straight from disk, every
 * other request to Astro's server-rendered routes. Run after `npm run build`:
 *   NODE_ENV=production HOST=0.0.0.0 PORT=4321 node server/site-server.ts
 * It checks the whole configuration before serving anything (docs/operations.md).
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { serveStatic } from './static-files.ts';
import { applySecurityHeaders, loadPagePolicies } from './security-headers.ts';
import { logWhenDone, requestIdOf } from './request-scope.ts';
import { closeWhenBodyUnread } from './unread-body.ts';
import { stopGracefully } from './shutdown.ts';
import { afterStart } from './after-start.ts';
import { consoleUpgrade } from './console-upgrade.ts';
import { gameConsoleUpgrade } from './game-console-upgrade.ts';
import {
	configurationProblems,
	describeProblems,
	runMode,
} from '../src/server/start-check/check.ts';
import {
	fromTrustedProxy,
	parseTrustedProxies,
	resolveClientAddress,
} from '../src/server/http/client-address.ts';
import { isShuttingDown } from '../src/server/http/lifecycle.ts';
import { acceptsHost, canonicalLocation, normaliseHost } from '../src/server/config/site-origin.ts';
import { logger, withRequestId } from '../src/server/log/logger.ts';

type AstroHandler = (
	req: IncomingMessage,
	res: ServerResponse,
	next: undefined,
	locals: { clientAddress: string; requestId: string },
) => Promise<void>;

const mode = runMode(process.env);
const problems = configurationProblems(process.env, mode);
if (problems.length > 0) {
	process.stderr.write(`${describeProblems(problems, mode)}\n`);
	process.exit(1);
}

const dist = new URL('../dist/', import.meta.url);
const clientRoot = fileURLToPath(new URL('client/', dist));
const pagePolicies = loadPagePolicies(new URL('_headers.json', dist));
const { handler } = (await import(new URL('server/entry.mjs', dist).href)) as {
	handler: AstroHandler;
};
const trustedProxies = parseTrustedProxies(process.env.TRUSTED_PROXIES);

function isHttps(req: IncomingMessage, viaProxy: boolean): boolean {
	if ('encrypted' in req.socket && req.socket.encrypted) return true;
	return (
		viaProxy &&
		String(req.headers['x-forwarded-proto'] ?? '')
			.split(',')[0]
			?.trim() === 'https'
	);
}

const server = createServer((req, res) => {
	const viaProxy = fromTrustedProxy(req.socket.remoteAddress, trustedProxies);
	const requestId = requestIdOf(req, viaProxy);
	const clientAddress = resolveClientAddress(
		req.socket.remoteAddress,
		req.headers['x-forwarded-for'],
		trustedProxies,
	);
	res.setHeader('X-Request-Id', requestId);
	if (isShuttingDown()) res.setHeader('Connection', 'close');
	const https = isHttps(req, viaProxy);
	applySecurityHeaders(req, res, pagePolicies, https);
	// Astro takes the scheme from the socket. Behind the operator's TLS proxy the socket is plain
	// HTTP, so session cookies would lose Secure: tell it what the proxy reported. (Absolute URLs
	// are built on PUBLIC_SITE_URL, never on the request.)
	if (viaProxy)
		Object.defineProperty(req.socket, 'encrypted', { value: https, configurable: true });
	logWhenDone(req, res, requestId);
	closeWhenBodyUnread(req, res);
	// A page read on another of the site's names moves to the public origin (302: what is whose
	// address may change). A request for another host gets no file: Astro's middleware refuses it
	// in the visitor's language. Astro cannot even build a request from some Hosts (`a@b`): those
	// are renamed to a host that is nobody's (RFC 6761), and refused like any other.
	const asked = { method: req.method, url: req.url ?? '/' };
	const canonical = canonicalLocation(req.headers.host, asked);
	if (canonical) return void res.writeHead(302, { Location: canonical }).end();
	const ours = acceptsHost(req.headers.host, { ...asked, path: asked.url.split('?')[0] ?? '/' });
	if (!normaliseHost(req.headers.host ?? '', 'http:')) req.headers.host = 'misdirected.invalid';
	void withRequestId(requestId, () =>
		(ours ? serveStatic(clientRoot, req, res) : Promise.resolve(false))
			.then((served) =>
				served ? undefined : handler(req, res, undefined, { clientAddress, requestId }),
			)
			.catch((error: unknown) => {
				logger.error('request failed', { error });
				if (!res.headersSent) res.writeHead(500).end('Internal Server Error');
			}),
	);
});

const host = process.env.HOST || '127.0.0.1';
const port = Number(process.env.PORT || 4321);
// WebSockets: the browser consoles only (a VPS's screen, a game server's console); any other upgrade is refused.
server.on('upgrade', (req, socket, head: Buffer) => {
	const clientAddress = resolveClientAddress(
		req.socket.remoteAddress,
		req.headers['x-forwarded-for'],
		trustedProxies,
	);
	if (
		!consoleUpgrade(req, socket, head, clientAddress) &&
		!gameConsoleUpgrade(req, socket, head, clientAddress)
	)
		socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
});
server.listen(port, host, () => {
	logger.info('listening', { url: `http://${host}:${port}`, mode });
	void afterStart(server);
});

const stop = stopGracefully(server, Number(process.env.SHUTDOWN_GRACE_MS || 25_000));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => stop(signal));
