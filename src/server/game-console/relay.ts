import type { RawData, WebSocket } from 'ws';
import { consoleCloseCodes } from '../../lib/domain/console-ending.ts';
import type { ConsoleViewer } from '../../lib/domain/console-token.ts';
import {
	commandRefusedEvent,
	consoleEvents,
	consoleFrameSchema,
	consoleRequests,
	consoleStatsSchema,
	type CommandRefusal,
	type ConsoleFrame,
} from '../../lib/domain/game-console-event.ts';
import type { ConsoleSession, ServerState } from '../game-panel/types.ts';

// The browser's side of a game server's console joined to the panel's session, in Wings' own
// frames. Only what a customer may send passes up (consoleRequests) and only what a customer may
// see passes down (consoleEvents); anything else either way is dropped. A command reaches the
// panel only from the owner and only while the server runs: otherwise the page gets the relay's
// own `command refused` frame with why. The server's state is followed from the panel's frames.

const allowedUp = new Set<string>(consoleRequests);
const allowedDown = new Set<string>(consoleEvents);

export interface GameRelayOptions {
	viewer: ConsoleViewer;
	/** The server's state when the console opened; then followed from `status` and `stats`. */
	state: ServerState;
	/** Without a request from the page for this long, the console closes as `idle`. */
	idleMs: number;
	onEnd?: (reason: string) => void;
}

export interface GameRelay {
	/** Closes both sides with this reason and close code (console-ending.ts). */
	end(reason: string, code: number): void;
}

/** A WebSocket message's text, whichever form `ws` hands it in. */
export function textOf(data: RawData): string {
	if (Array.isArray(data)) return Buffer.concat(data).toString();
	return Buffer.isBuffer(data) ? data.toString() : Buffer.from(new Uint8Array(data)).toString();
}

/** The page's frame, when it is one the page may send; null for anything else. */
export function requestOf(data: string): ConsoleFrame | null {
	let parsed: unknown;
	try {
		parsed = JSON.parse(data);
	} catch {
		return null;
	}
	const frame = consoleFrameSchema.safeParse(parsed);
	return frame.success && allowedUp.has(frame.data.event) ? frame.data : null;
}

/** Why a command may not pass now, or null when it may. */
export function commandRefusal(viewer: ConsoleViewer, state: string): CommandRefusal | null {
	if (viewer !== 'owner') return 'read_only';
	if (state === 'suspended') return 'suspended';
	return state === 'running' ? null : 'not_running';
}

/** The state a panel frame tells, or null when it tells none. */
export function stateIn(frame: ConsoleFrame): string | null {
	const arg = frame.args?.[0];
	if (arg === undefined) return null;
	if (frame.event === 'status') return arg;
	if (frame.event !== 'stats') return null;
	try {
		return consoleStatsSchema.safeParse(JSON.parse(arg)).data?.state ?? null;
	} catch {
		return null;
	}
}

export function relayGameConsole(
	browser: WebSocket,
	session: ConsoleSession,
	options: GameRelayOptions,
): GameRelay {
	let state: string = options.state;
	let ended = false;
	let idle: NodeJS.Timeout | undefined;
	const toPage = (frame: ConsoleFrame) => {
		if (browser.readyState === browser.OPEN) browser.send(JSON.stringify(frame));
	};
	const end = (reason: string, code: number) => {
		if (ended) return;
		ended = true;
		clearTimeout(idle);
		stopListening();
		session.close();
		if (browser.readyState === browser.OPEN || browser.readyState === browser.CONNECTING)
			browser.close(code, reason);
		options.onEnd?.(reason);
	};
	const awake = () => {
		clearTimeout(idle);
		idle = setTimeout(() => end('idle', consoleCloseCodes.idle), options.idleMs);
		idle.unref();
	};

	const stopListening = session.onFrame((frame) => {
		if (!allowedDown.has(frame.event)) return;
		state = stateIn(frame) ?? state;
		toPage(frame);
	});
	// The panel's side went away (the node, the server deleted): 1011, the page offers to reconnect.
	session.onClose(() => end('panel_closed', 1011));

	browser.on('message', (data, isBinary) => {
		if (isBinary) return;
		const frame = requestOf(textOf(data));
		if (!frame) return;
		awake();
		if (frame.event === 'send command') {
			const refusal = commandRefusal(options.viewer, state);
			if (refusal) return toPage({ event: commandRefusedEvent, args: [refusal] });
		}
		session.send(frame);
	});
	browser.on('close', () => end('page_closed', 1000));
	browser.on('error', () => end('page_error', 1011));

	awake();
	// The last lines first (Wings replays them only while the server runs), then live.
	session.send({ event: 'send logs' });
	return { end };
}
