import { WebSocket, type RawData } from 'ws';
import {
	consoleEvents,
	consoleFrameSchema,
	consoleRequests,
	type ConsoleFrame,
} from '../../lib/domain/game-console-event';
import { GamePanelError, GamePanelUnavailableError } from './errors';
import type { PanelHttp } from './pterodactyl-http';
import { websocketSchema } from './pterodactyl-schemas';
import type { ConsoleSession, ServerRef } from './types';

// A server's console through Wings' own WebSocket: credentials from the client API's
// `/websocket` (a 10-minute token of the admin key), dialled with the Origin Wings allows, `auth`
// as the first frame. A token is renewed on `token expiring` and on `jwt error` (Wings never sends
// `token expired`: once expired, every frame it would send turns into `jwt error`). The admin
// token sees more than a customer may (install output, transfer logs, daemon errors in full), so
// only `consoleEvents` are passed on, and only `consoleRequests` are sent.

export interface ConsoleOptions {
	/** The Origin header Wings checks against its `remote` or `allowed_origins`. */
	origin: string;
	/** How long dialling and authenticating may take. */
	timeoutMs?: number;
}

/** Renewals answered by `jwt error` again in a row before the session gives up. */
const MAX_FAILED_RENEWALS = 3;
/** Frames kept for the first listener, as Wings sends status right after `auth success`. */
const EARLY_FRAMES = 200;

const forwarded = new Set<string>(consoleEvents);
const allowed = new Set<string>(consoleRequests);

const text = (data: RawData) =>
	(Array.isArray(data)
		? Buffer.concat(data)
		: data instanceof ArrayBuffer
			? Buffer.from(new Uint8Array(data))
			: data
	).toString('utf8');

function parseFrame(data: RawData): ConsoleFrame | null {
	try {
		const value: unknown = JSON.parse(text(data));
		if (typeof value !== 'object' || value === null) return null;
		const { event, args } = value as { event?: unknown; args?: unknown };
		if (typeof event !== 'string') return null;
		const strings = Array.isArray(args)
			? args.filter((a): a is string => typeof a === 'string')
			: [];
		return strings.length ? { event, args: strings } : { event };
	} catch {
		return null;
	}
}

export async function openPterodactylConsole(
	http: PanelHttp,
	ref: ServerRef,
	options: ConsoleOptions,
): Promise<ConsoleSession> {
	const path = `/servers/${encodeURIComponent(ref.identifier)}/websocket`;
	const credentials = async () => (await http.get('client', path, websocketSchema)).data;
	const first = await credentials();
	const timeoutMs = options.timeoutMs ?? 10_000;
	const socket = new WebSocket(first.socket, {
		origin: options.origin,
		handshakeTimeout: timeoutMs,
		perMessageDeflate: false,
	});
	const listeners = new Set<(frame: ConsoleFrame) => void>();
	const closers: ((reason: string) => void)[] = [];
	const early: ConsoleFrame[] = [];
	let ended = false;
	let failedRenewals = 0;
	let renewing = false;

	const sendRaw = (frame: ConsoleFrame) => {
		if (socket.readyState === WebSocket.OPEN) socket.send(JSON.stringify(frame));
	};

	function end(reason: string) {
		if (ended) return;
		ended = true;
		socket.close();
		for (const close of closers.splice(0)) close(reason);
	}

	async function renew() {
		if (renewing || ended) return;
		renewing = true;
		try {
			sendRaw({ event: 'auth', args: [(await credentials()).token] });
		} catch (error) {
			// The server is gone, suspended or the panel refuses us: this console is over.
			end(error instanceof Error ? error.message : 'the panel refused a new console token');
		} finally {
			renewing = false;
		}
	}

	function deliver(frame: ConsoleFrame) {
		if (listeners.size === 0) {
			if (early.length < EARLY_FRAMES) early.push(frame);
			return;
		}
		for (const listener of listeners) listener(frame);
	}

	socket.on('message', (data) => {
		const frame = parseFrame(data);
		if (!frame) return;
		if (frame.event === 'auth success') failedRenewals = 0;
		else if (frame.event === 'token expiring' || frame.event === 'token expired') void renew();
		else if (frame.event === 'jwt error') {
			if (++failedRenewals > MAX_FAILED_RENEWALS) end('the node keeps refusing the console token');
			else void renew();
		} else if (forwarded.has(frame.event)) deliver(frame);
	});

	await new Promise<void>((resolve, reject) => {
		const timer = setTimeout(() => fail(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
		function fail(error: Error) {
			clearTimeout(timer);
			socket.terminate();
			reject(
				new GamePanelUnavailableError(`The node's console did not open: ${error.message}`, {
					cause: error,
				}),
			);
		}
		socket.once('open', () => sendRaw({ event: 'auth', args: [first.token] }));
		socket.on('message', function authed(data) {
			if (parseFrame(data)?.event !== 'auth success') return;
			socket.off('message', authed);
			clearTimeout(timer);
			resolve();
		});
		socket.once('unexpected-response', (_request, response) => {
			clearTimeout(timer);
			socket.terminate();
			// 403 is Wings refusing the Origin: an operator's setting, not a passing failure.
			reject(
				response.statusCode === 403
					? new GamePanelError(
							`The node refused the console's Origin ${options.origin}: set PTERODACTYL_WINGS_ORIGIN to Wings' "remote" or add it to its allowed_origins`,
							{ status: 403 },
						)
					: new GamePanelUnavailableError(`The node's console answered ${response.statusCode}`, {
							status: response.statusCode,
						}),
			);
		});
		socket.once('error', fail);
		socket.once('close', () => fail(new Error('closed before authenticating')));
	});
	socket.removeAllListeners('error');
	socket.removeAllListeners('close');
	socket.on('error', () => {});
	socket.on('close', (code, reason) =>
		end(`the node closed the console (${code} ${reason.toString()})`.trim()),
	);

	return {
		send(frame) {
			const parsed = consoleFrameSchema.safeParse(frame);
			if (ended || !parsed.success || !allowed.has(parsed.data.event)) return;
			sendRaw(parsed.data);
		},
		onFrame(listener) {
			listeners.add(listener);
			for (const frame of early.splice(0)) listener(frame);
			return () => void listeners.delete(listener);
		},
		onClose(listener) {
			if (ended) listener('closed');
			else closers.push(listener);
		},
		close() {
			ended = true;
			closers.splice(0);
			socket.close();
		},
	};
}
