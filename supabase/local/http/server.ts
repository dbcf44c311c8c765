import { createServer } from 'node:http';
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readBody } from './body-reader.ts';
import { corsHeaders, preflight } from './cors.ts';
import type { Service } from './cors.ts';
import { json } from './types.ts';
import type { ApiRequest, ApiResponse, Handler } from './types.ts';

// The API port: routes /auth/v1 and /rest/v1 to their services the way the hosted gateway does,
// reads bodies with a size cap, answers CORS preflights, and logs one line per request.

export interface ServiceMount {
	service: Service;
	prefix: string;
	handler: Handler;
	/** Response for a body over the cap, in the service's own error shape. */
	tooLarge: (limit: number) => ApiResponse;
	/** Response for an unexpected exception, in the service's own error shape. */
	crashed: () => ApiResponse;
}

export interface ApiServerOptions {
	host: string;
	port: number;
	mounts: ServiceMount[];
	maxBodyBytes: number;
	log: (line: string) => void;
}

function write(
	res: ServerResponse,
	response: ApiResponse,
	extraHeaders: Record<string, string>,
): void {
	const headers = { ...response.headers, ...extraHeaders };
	if (response.body !== undefined)
		headers['Content-Length'] = String(Buffer.byteLength(response.body));
	res.writeHead(response.status, headers);
	res.end(response.body);
}

async function respond(
	req: IncomingMessage,
	res: ServerResponse,
	options: ApiServerOptions,
): Promise<number> {
	const url = new URL(req.url ?? '/', 'http://localhost');
	const mount = options.mounts.find(
		(m) => url.pathname === m.prefix || url.pathname.startsWith(`${m.prefix}/`),
	);
	const base: ApiRequest = {
		method: req.method ?? 'GET',
		url,
		path: mount ? url.pathname.slice(mount.prefix.length) || '/' : url.pathname,
		headers: req.headers,
		body: Buffer.alloc(0),
		ip: req.socket.remoteAddress ?? 'unknown',
	};
	if (!mount) {
		req.resume();
		write(res, json(404, { message: 'no Route matched with those values' }), {});
		return 404;
	}
	const cors = corsHeaders(mount.service, base);
	if (base.method === 'OPTIONS') {
		req.resume();
		const answer = preflight(mount.service, base);
		write(res, answer, {});
		return answer.status;
	}
	const body = await readBody(req, options.maxBodyBytes);
	if (!body.ok) {
		// Stop reading a body we refuse; the client is told to close the connection.
		write(res, mount.tooLarge(options.maxBodyBytes), { ...cors, Connection: 'close' });
		req.destroy();
		return 413;
	}
	let answer: ApiResponse;
	try {
		answer = await mount.handler({ ...base, body: body.body });
	} catch (error) {
		console.error(`[local-stack] ${base.method} ${url.pathname} failed:`, error);
		answer = mount.crashed();
	}
	write(res, answer, cors);
	return answer.status;
}

export async function startApiServer(
	options: ApiServerOptions,
): Promise<{ server: Server; port: number }> {
	const server = createServer((req, res) => {
		const started = performance.now();
		respond(req, res, options)
			.then((status) => {
				const ms = (performance.now() - started).toFixed(1);
				options.log(`${req.method} ${(req.url ?? '/').split('?')[0]} ${status} ${ms}ms`);
			})
			.catch((error: unknown) => {
				console.error('[local-stack] request failed:', error);
				if (!res.headersSent) res.writeHead(500).end();
			});
	});
	// Keep-alive sockets would otherwise hold stop() open until they time out.
	server.keepAliveTimeout = 5_000;
	await new Promise<void>((resolve, reject) => {
		server.once('error', reject);
		server.listen(options.port, options.host, () => resolve());
	});
	return { server, port: (server.address() as AddressInfo).port };
}

export async function closeServer(server: Server): Promise<void> {
	await new Promise<void>((resolve) => {
		server.close(() => resolve());
		server.closeAllConnections();
	});
}
