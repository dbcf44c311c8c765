import { randomUUID } from 'node:crypto';
import type { IncomingMessage, Server } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type RawData, type WebSocket } from 'ws';
import { clientServer, conflict } from './client';
import { archiveOf, resolvePath } from './node';
import { ensureFolders } from './files';
import type { Route } from './routes';
import { ok } from './routes';
import type { FakePanelState, FakeServer } from './state';
import { type Answer, notFound } from './validation';

// The node's side of the fake: Wings' WebSocket (`/api/servers/{uuid}/ws`) and its signed
// download and upload links. The socket behaves as Wings' does: the Origin must equal the panel's
// URL or an allowed origin (else the upgrade is refused, 403), `auth` comes first, a token expires
// after 10 minutes and then every frame in either direction turns into `jwt error` (never
// `token expired`), `token expiring` warns in the last minute, `send logs` replays the last 150
// lines of a running server, `send command` is answered on the console, `stats` is a JSON string.

const text = (data: RawData) =>
	(Array.isArray(data)
		? Buffer.concat(data)
		: data instanceof ArrayBuffer
			? Buffer.from(new Uint8Array(data))
			: data
	).toString('utf8');

const TOKEN_MS = 10 * 60_000;
const WARN_MS = 60_000;
const LOG_LINES = 150;

interface Token {
	server: string;
	exp: number;
}

interface Connection {
	socket: WebSocket;
	server: FakeServer;
	token: Token | null;
	warned: boolean;
}

export function createFakeWings(state: FakePanelState) {
	const tokens = new Map<string, Token>();
	const connections = new Set<Connection>();
	const wss = new WebSocketServer({ noServer: true });
	/** Origins besides the panel's URL that Wings' `allowed_origins` lets in. */
	const allowedOrigins: string[] = [];

	const expired = (c: Connection) => !c.token || c.token.exp <= state.now();
	const raw = (c: Connection, event: string, args?: string[]) =>
		c.socket.send(JSON.stringify(args ? { event, args } : { event }));
	/** SendJson: nothing passes on an expired token but the error. */
	function send(c: Connection, event: string, args?: string[]) {
		if (expired(c)) raw(c, 'jwt error', ['jwt: exp claim is invalid']);
		else raw(c, event, args);
	}

	function stats(s: FakeServer) {
		const up = s.power.state !== 'offline';
		return JSON.stringify({
			memory_bytes: up ? 512 * 1024 * 1024 : 0,
			memory_limit_bytes: Number(s.limits.memory ?? 0) * 1024 * 1024,
			cpu_absolute: up ? 33.3 : 0,
			network: { rx_bytes: 0, tx_bytes: 0 },
			uptime: s.power.state === 'running' ? state.now() - s.startedAt : 0,
			state: s.power.state,
			disk_bytes: 123_456_789,
		});
	}

	/** What the game prints for a command, as a Minecraft server would. */
	function run(s: FakeServer, command: string) {
		const say = command.match(/^say (.+)$/);
		const line = say
			? `[Server thread/INFO]: [Server] ${say[1]}`
			: `[Server thread/INFO]: Unknown command: ${command}`;
		s.wings.consoleLog.push(line);
		for (const c of connections) if (c.server === s) send(c, 'console output', [line]);
	}

	function inbound(c: Connection, event: string, args: string[]) {
		if (event !== 'auth' && expired(c)) return raw(c, 'jwt error', ['jwt: exp claim is invalid']);
		const s = state.settle(c.server);
		switch (event) {
			case 'auth': {
				const token = tokens.get(args.join(''));
				if (!token || token.exp <= state.now() || token.server !== s.uuid)
					return raw(c, 'jwt error', [`Error Event [${randomUUID()}]: jwt: exp claim is invalid`]);
				const first = c.token === null;
				c.token = token;
				c.warned = false;
				raw(c, 'auth success');
				if (!first) return;
				send(c, 'status', [s.power.state]);
				if (s.power.state === 'offline') send(c, 'stats', [stats(s)]);
				return;
			}
			case 'send logs':
				if (s.power.state === 'running')
					for (const line of s.wings.consoleLog.slice(-LOG_LINES))
						send(c, 'console output', [line]);
				return;
			case 'send command':
				if (s.power.state === 'running' && args[0]) run(s, args.join(''));
				return;
			case 'send stats':
				return send(c, 'stats', [stats(s)]);
			case 'set state':
				if (args[0]) state.signal(s, args[0]);
				return;
			default:
				return;
		}
	}

	state.onPower = (s) => {
		for (const c of connections) if (c.server === s && c.token) send(c, 'status', [s.power.state]);
	};

	// Wings checks tokens every 30 s; the fake checks often so tests need not wait, and moves
	// servers on so their sockets see status changes as they happen.
	const ticker = setInterval(() => {
		for (const c of connections) {
			state.settle(c.server);
			if (c.token && !c.warned && c.token.exp - state.now() <= WARN_MS && !expired(c)) {
				c.warned = true;
				raw(c, 'token expiring');
			}
		}
	}, 10);
	ticker.unref();

	function upgrade(request: IncomingMessage, socket: Duplex, head: Buffer, panelUrl: string) {
		const match = new URL(request.url ?? '/', 'http://fake').pathname.match(
			/^\/api\/servers\/([^/]+)\/ws$/,
		);
		const s = match ? state.servers.find((x) => x.uuid === match[1]) : undefined;
		const origin = request.headers.origin;
		const refuse = (status: string) => {
			socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`);
		};
		if (!s) return refuse('404 Not Found');
		if (!origin || !(origin === panelUrl || allowedOrigins.some((o) => o === '*' || o === origin)))
			return refuse('403 Forbidden');
		wss.handleUpgrade(request, socket, head, (ws) => {
			const c: Connection = { socket: ws, server: s, token: null, warned: false };
			connections.add(c);
			ws.on('close', () => connections.delete(c));
			ws.on('message', (data) => {
				try {
					const frame = JSON.parse(text(data)) as { event?: unknown; args?: unknown };
					if (typeof frame.event !== 'string') return;
					const args = Array.isArray(frame.args) ? frame.args.map(String) : [];
					inbound(c, frame.event, args);
				} catch {
					// Wings ignores what it cannot parse.
				}
			});
		});
	}

	/** `/download/*` and `/upload/file` on the node: one-time tokens, 404 once used or expired. */
	async function node(url: URL, request: Request): Promise<Answer | null> {
		const download = url.pathname.match(/^\/download\/(backup|file)$/);
		const upload = url.pathname === '/upload/file';
		if (!download && !upload) return null;
		const target = state.redeem(url.searchParams.get('token'));
		const s = target && state.servers.find((x) => x.uuid === target.server);
		const gone = {
			status: 404,
			body: { error: 'The requested resource was not found on this server.' },
		};
		if (!target || !s) return gone;
		if (target.kind === 'backup') {
			const backup = s.wings.backups.find((b) => b.uuid === target.backup && !b.deleted);
			if (!backup?.completed) return gone;
			return {
				status: 200,
				body: archiveOf(backup),
				headers: { 'Content-Type': 'application/octet-stream' },
			};
		}
		if (target.kind === 'file') {
			const file = s.wings.files.get(target.path);
			return file?.kind === 'file'
				? { status: 200, body: file.data, headers: { 'Content-Type': 'application/octet-stream' } }
				: gone;
		}
		if (request.method !== 'POST') return gone;
		const dir = resolvePath(url.searchParams.get('directory') ?? '/');
		if (dir === null) return gone;
		const form = await request.formData();
		for (const entry of form.getAll('files')) {
			if (typeof entry === 'string') continue;
			const path = resolvePath(`${dir}/${entry.name}`);
			if (path === null || (!ensureFolders(s.wings.files, dir, state.now()) && dir !== ''))
				return gone;
			s.wings.files.set(path, {
				kind: 'file',
				data: Buffer.from(await entry.arrayBuffer()),
				modified: state.now(),
			});
		}
		return { status: 200 };
	}

	/** GET /api/client/servers/{server}/websocket; a root admin gets in while installing. */
	const credentialsRoute: Route = [
		'GET',
		/^\/servers\/([^/]+)\/websocket$/,
		({ params }) => {
			const s = clientServer(state, params[0]!);
			if (!s) return notFound();
			state.settle(s);
			if (s.status && s.status !== 'installing' && s.status !== 'restoring_backup')
				return conflict();
			const token = randomUUID();
			tokens.set(token, { server: s.uuid, exp: state.now() + TOKEN_MS });
			return ok({
				data: { token, socket: `${state.nodeUrl.replace(/^http/, 'ws')}/api/servers/${s.uuid}/ws` },
			});
		},
	];

	return {
		upgrade,
		node,
		credentialsRoute,
		allowedOrigins,
		/** Every token issued so far now expires in `ms` (the last minute: Wings warns). */
		expireTokensIn(ms: number) {
			for (const token of tokens.values()) token.exp = Math.min(token.exp, state.now() + ms);
		},
		/** Sends a frame to every socket of a server, as Wings would (admin events included). */
		broadcast(serverUuid: string, event: string, args?: string[]) {
			for (const c of connections) if (c.server.uuid === serverUuid) send(c, event, args);
		},
		/** Closes a server's sockets as Wings does when the server is deleted. */
		closeSockets(serverUuid: string) {
			for (const c of connections)
				if (c.server.uuid === serverUuid) c.socket.close(1001, 'server deleted');
		},
		/** What is left of each open socket's token of a server, in ms. */
		tokenLifetimes: (serverUuid: string) =>
			[...connections]
				.filter((c) => c.server.uuid === serverUuid && c.token)
				.map((c) => c.token!.exp - state.now()),
		/** Open sockets, of one server or all. */
		sockets: (serverUuid?: string) =>
			[...connections].filter((c) => !serverUuid || c.server.uuid === serverUuid).length,
		attach(server: Server, panelUrl: string) {
			server.on('upgrade', (request, socket, head) => upgrade(request, socket, head, panelUrl));
		},
		close() {
			clearInterval(ticker);
			for (const c of connections) c.socket.terminate();
		},
	};
}

export type FakeWings = ReturnType<typeof createFakeWings>;
