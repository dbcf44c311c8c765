import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { accountRoutes } from './accounts';
import { applicationKey, authenticate, clientKey } from './auth';
import { backupRoutes } from './backups';
import { catalogRoutes } from './catalog';
import { nodeRoutes } from './nodes';
import { clientRoutes } from './client';
import { fileRoutes } from './files';
import type { Route } from './routes';
import { scheduleRoutes } from './schedules';
import { serverRoutes } from './servers';
import { softwareRoutes } from './software';
import { FakePanelState } from './state';
import { type Answer, notFound, panelError } from './validation';
import { createFakeWings } from './wings';

// An in-process stand-in for a Pterodactyl panel and its node on 127.0.0.1: it checks keys and
// headers the way the panel's middleware does, validates bodies with the panel's rules and error
// shapes, and keeps state; the node's side (wings.ts) serves Wings' WebSocket and signed links on
// the same port. Faults (429 with its headers, 5xx, a hidden lookup) are injected per request.

export type Fault = {
	/** Which request gets it; the next one of any kind when absent. */
	match?: (method: string, path: string) => boolean;
	/** Let the panel act, then answer with the fault: the panel did it, the answer was lost. */
	afterwards?: boolean;
} & (
	| Answer
	| { /** Never answer: a panel that hangs. */ hang: true }
	| {
			/** Act and answer only once this settles: a request still in flight. */ until: Promise<unknown>;
	  }
);

export interface SeenRequest {
	method: string;
	path: string;
	headers: IncomingMessage['headers'];
	body: unknown;
}

async function readBody(request: IncomingMessage): Promise<Buffer> {
	const chunks: Buffer[] = [];
	for await (const chunk of request) chunks.push(chunk as Buffer);
	return Buffer.concat(chunks);
}

export async function startFakePterodactyl(options: { delayMs?: number } = {}) {
	const state = new FakePanelState(options.delayMs ?? 0);
	const requests: SeenRequest[] = [];
	const faults: Fault[] = [];
	const wings = createFakeWings(state);
	const routes: Record<'application' | 'client', Route[]> = {
		application: [
			...serverRoutes,
			...softwareRoutes,
			...accountRoutes,
			...catalogRoutes,
			...nodeRoutes,
		],
		client: [
			...clientRoutes,
			...scheduleRoutes,
			...backupRoutes,
			...fileRoutes,
			wings.credentialsRoute,
		],
	};

	/**
	 * `throttle:api.client` (720 a minute) and `api.application` (240), keyed by the key's user: one
	 * root admin key serving every customer has one bucket across all servers.
	 */
	const buckets = { application: { used: 0, since: 0 }, client: { used: 0, since: 0 } };
	function throttle(kind: 'application' | 'client'): Answer | null {
		const bucket = buckets[kind];
		const now = state.now();
		const limit = state.rateLimits[kind];
		if (!Number.isFinite(limit)) return null;
		if (now - bucket.since >= 60_000) Object.assign(bucket, { used: 0, since: now });
		if (++bucket.used <= limit) return null;
		const reset = Math.ceil((bucket.since + 60_000 - now) / 1000);
		return {
			...panelError(429, 'ThrottleRequestsException', 'Too Many Attempts.'),
			headers: {
				'Retry-After': String(reset),
				'X-RateLimit-Limit': String(limit),
				'X-RateLimit-Remaining': '0',
			},
		};
	}

	async function handle(request: IncomingMessage): Promise<Answer> {
		const url = new URL(request.url ?? '/', 'http://fake');
		const method = request.method ?? 'GET';
		const raw = await readBody(request);
		const onNode = /^\/(download|upload)\//.test(url.pathname)
			? await wings.node(
					url,
					new Request(url, {
						method,
						headers: { 'content-type': request.headers['content-type'] ?? '' },
						...(method === 'POST' ? { body: new Uint8Array(raw) } : {}),
					}),
				)
			: null;
		if (onNode) return onNode;
		// The client API's root (`/api/client`) is a route of its own: the servers the key can see.
		const api = url.pathname.match(/^\/api\/(application|client)(\/.*)?$/);
		// Without Accept: application/json Laravel answers as to a browser: a redirect to sign in.
		if (!request.headers.accept?.includes('application/json'))
			return {
				status: 302,
				headers: { Location: '/auth/login', 'Content-Type': 'text/html' },
				body: '<html></html>',
			};
		if (!api) return notFound();
		const [, kind, path = ''] = api as unknown as [string, 'application' | 'client', string?];
		let body: unknown = {};
		// A body sent as anything but JSON is not read at all; its fields are then "required".
		if (raw.length && request.headers['content-type']?.startsWith('application/json')) {
			try {
				body = JSON.parse(raw.toString('utf8'));
			} catch {
				return panelError(
					400,
					'BadRequestHttpException',
					'The JSON data passed in this request appears to be malformed.',
				);
			}
		}
		requests.push({ method, path: `${kind}${path}${url.search}`, headers: request.headers, body });
		const denied = authenticate(kind, request.headers.authorization);
		if (denied) return denied;
		const limited = throttle(kind);
		if (limited) return limited;
		const index = faults.findIndex((f) => !f.match || f.match(method, path));
		const fault = index >= 0 ? faults.splice(index, 1)[0] : undefined;
		if (fault && 'hang' in fault) return new Promise<Answer>(() => {});
		if (fault && 'until' in fault) await fault.until;
		if (fault && 'status' in fault && !fault.afterwards) return fault;
		const route = routes[kind].find(([m, pattern]) => m === method && pattern.test(path));
		const answer = route
			? route[2]({
					state,
					params: route[1].exec(path)!.slice(1),
					query: url.searchParams,
					body,
					raw,
				})
			: notFound();
		return fault && 'status' in fault ? fault : answer;
	}

	const server = createServer((request, response) => {
		void handle(request).then((answer) => {
			const plain = typeof answer.body === 'string' || Buffer.isBuffer(answer.body);
			const text = plain
				? (answer.body as string | Buffer)
				: answer.body === undefined
					? ''
					: JSON.stringify(answer.body);
			response.writeHead(answer.status, {
				...(answer.body !== undefined && !plain ? { 'Content-Type': 'application/json' } : {}),
				...answer.headers,
			});
			response.end(text);
		});
	});
	await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
	const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
	state.nodeUrl = url;
	// Wings' `remote` is the panel's URL: the Origin it accepts without allowed_origins.
	wings.attach(server, url);

	return {
		url,
		state,
		requests,
		applicationKey,
		clientKey,
		wings,
		inject: (fault: Fault) => void faults.push(fault),
		/** Drops faults queued and not yet answered. */
		clearFaults: () => void faults.splice(0),
		rateLimitNext(retryAfter: number) {
			faults.push({
				// Laravel's throttle middleware: ThrottleRequestsException, a subclass.
				...panelError(429, 'ThrottleRequestsException', 'Too Many Attempts.'),
				headers: {
					'Retry-After': String(retryAfter),
					'X-RateLimit-Limit': '240',
					'X-RateLimit-Remaining': '0',
				},
			});
		},
		failNext: (status: number, code = 'HttpException') =>
			void faults.push(
				panelError(
					status,
					code,
					'An unexpected error was encountered while processing this request, please try again.',
				),
			),
		close: () =>
			new Promise<void>((resolve) => {
				wings.close();
				server.close(() => resolve());
				server.closeAllConnections();
			}),
	};
}

export type FakePterodactyl = Awaited<ReturnType<typeof startFakePterodactyl>>;
