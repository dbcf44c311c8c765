/**
 * The production web server: built files (compressed at build time) straight from disk, every
 * other request to Astro's server-rendered routes. Run after `npm run build`:
 *   HOST=0.0.0.0 PORT=4321 node server/site-server.ts
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { fileURLToPath } from 'node:url';
import { serveStatic } from './static-files.ts';
import { parseTrustedProxies, resolveClientAddress } from '../src/server/http/client-address.ts';

type AstroHandler = (
	req: IncomingMessage,
	res: ServerResponse,
	next: undefined,
	locals: { clientAddress: string },
) => Promise<void>;

const dist = new URL('../dist/', import.meta.url);
const clientRoot = fileURLToPath(new URL('client/', dist));
const { handler } = (await import(new URL('server/entry.mjs', dist).href)) as {
	handler: AstroHandler;
};

// Read once at start: a typo in the proxy list stops the server instead of trusting anyone.
const trustedProxies = parseTrustedProxies(process.env.TRUSTED_PROXIES);

const server = createServer((req, res) => {
	const clientAddress = resolveClientAddress(
		req.socket.remoteAddress,
		req.headers['x-forwarded-for'],
		trustedProxies,
	);
	serveStatic(clientRoot, req, res)
		.then((served) => (served ? undefined : handler(req, res, undefined, { clientAddress })))
		.catch((error: unknown) => {
			console.error(error);
			if (!res.headersSent) res.writeHead(500).end('Internal Server Error');
		});
});

const host = process.env.HOST ?? '127.0.0.1';
const port = Number(process.env.PORT ?? 4321);
server.listen(port, host, () => console.log(`Site server listening on http://${host}:${port}`));

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
	process.on(signal, () => server.close(() => process.exit(0)));
}
