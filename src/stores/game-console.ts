import { atom } from 'nanostores';
import { consoleEndingOf, type ConsoleEnding } from '../lib/domain/console-ending';
import {
	commandRefusals,
	commandRefusedEvent,
	type CommandRefusal,
	type ConsoleFrame,
} from '../lib/domain/game-console-event';
import { postJson } from './panel-fetch';

// A game server's live console in the page: asks the site for a one-time path, opens the
// WebSocket, and keeps what the page shows: the output (bounded), the server's state and usage
// from Wings' `status` and `stats`, why a command was refused, and why the console closed (the
// relay's close code, console-ending.ts). Commands sent are kept for the arrow keys.

/** Lines kept; older ones leave the top as new ones arrive. */
export const maxLines = 1000;
const maxHistory = 50;

export type Phase = 'idle' | 'connecting' | 'connected' | 'closed' | 'failed';
export interface Line {
	id: number;
	text: string;
}
export interface Usage {
	cpuPercent: number;
	memoryBytes: number;
	memoryLimitBytes: number;
	diskBytes: number;
}
/** What the page says beside the phase: a refusal or ending to translate, or the site's message. */
export type Notice =
	| { kind: 'refused'; refusal: CommandRefusal }
	| { kind: 'ended'; ending: ConsoleEnding }
	| { kind: 'message'; text: string }
	| null;

export interface ConsoleOptions {
	/** Where to ask for the one-time path, and its body (the staff view sends a request id). */
	openUrl: string;
	body: () => Record<string, unknown>;
	/** Said when the site gives no message of its own. */
	fallback: string;
	fetcher?: typeof fetch;
	connect?: (url: string) => WebSocket;
}

// ANSI colour and cursor codes (Minecraft's and the daemon's lines carry them): shown as text.
const ansi = /\u001b\[[0-9;?]*[A-Za-z]/g;

const frameOf = (data: unknown): ConsoleFrame | null => {
	if (typeof data !== 'string') return null;
	try {
		const frame = JSON.parse(data) as Partial<ConsoleFrame>;
		return typeof frame.event === 'string'
			? { event: frame.event, args: Array.isArray(frame.args) ? frame.args.map(String) : [] }
			: null;
	} catch {
		return null;
	}
};

function usageOf(arg: string | undefined): (Usage & { state: string }) | null {
	try {
		const s = JSON.parse(arg ?? '') as Record<string, unknown>;
		const n = (key: string) => (typeof s[key] === 'number' ? s[key] : 0);
		return {
			state: typeof s.state === 'string' ? s.state : '',
			cpuPercent: n('cpu_absolute'),
			memoryBytes: n('memory_bytes'),
			memoryLimitBytes: n('memory_limit_bytes'),
			diskBytes: n('disk_bytes'),
		};
	} catch {
		return null;
	}
}

/** Runs `step` before the next paint (the next turn where there is no painting). */
const nextPaint = (step: () => void) => {
	if (typeof requestAnimationFrame === 'function') requestAnimationFrame(step);
	else setTimeout(step, 0);
};

const isRefusal = (value: string | undefined): value is CommandRefusal =>
	commandRefusals.some((one) => one === value);

export function createGameConsole(options: ConsoleOptions) {
	const $phase = atom<Phase>('idle');
	const $lines = atom<Line[]>([]);
	const $state = atom<string | null>(null);
	const $usage = atom<Usage | null>(null);
	const $notice = atom<Notice>(null);
	const history: string[] = [];
	let browsing = history.length;
	let socket: WebSocket | null = null;
	let nextId = 0;

	// Lines arrive one frame each, 150 at once on open: shown together on the next paint, so the
	// page draws once rather than once per line.
	let pending: string[] = [];
	const flush = () => {
		const added = pending.map((text) => ({ id: nextId++, text: text.replace(ansi, '') }));
		pending = [];
		$lines.set([...$lines.get(), ...added].slice(-maxLines));
	};
	const append = (texts: string[]) => {
		if (pending.length === 0) nextPaint(flush);
		pending.push(...texts);
	};

	const receive = (frame: ConsoleFrame) => {
		const arg = frame.args?.[0];
		if (frame.event === 'console output' || frame.event === 'daemon message') append([arg ?? '']);
		else if (frame.event === 'status' && arg) $state.set(arg);
		else if (frame.event === 'stats') {
			const usage = usageOf(arg);
			if (!usage) return;
			const { state, ...rest } = usage;
			$usage.set(rest);
			if (state) $state.set(state);
		} else if (frame.event === commandRefusedEvent && isRefusal(arg))
			$notice.set({ kind: 'refused', refusal: arg });
	};

	async function open() {
		socket?.close();
		$phase.set('connecting');
		$notice.set(null);
		const answer = await postJson<{ url: string }>(
			options.openUrl,
			options.body(),
			options.fallback,
			options.fetcher,
		);
		if (!answer.ok || !answer.data.url.startsWith('/game-console/')) {
			$phase.set('failed');
			$notice.set({ kind: 'message', text: answer.ok ? options.fallback : answer.message });
			return;
		}
		const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
		const url = `${scheme}//${location.host}${answer.data.url}`;
		const opened = options.connect ? options.connect(url) : new WebSocket(url);
		socket = opened;
		// The relay replays the last lines on open: a reconnect starts from them, not a duplicate.
		opened.addEventListener('open', () => {
			pending = [];
			$lines.set([]);
			$phase.set('connected');
		});
		opened.addEventListener('message', (event: MessageEvent) => {
			const frame = frameOf(event.data);
			if (frame) receive(frame);
		});
		opened.addEventListener('close', (event: CloseEvent) => {
			if (socket !== opened) return;
			socket = null;
			const ending = consoleEndingOf(event.code);
			if (ending) $notice.set({ kind: 'ended', ending });
			$phase.set($phase.get() === 'connecting' ? 'failed' : 'closed');
		});
	}

	/** Sends a command; false when there is nothing to send or no open console. */
	function send(command: string): boolean {
		const text = command.trim();
		if (!text || socket?.readyState !== WebSocket.OPEN) return false;
		socket.send(JSON.stringify({ event: 'send command', args: [text] }));
		if (history.at(-1) !== text) history.push(text);
		history.splice(0, Math.max(0, history.length - maxHistory));
		browsing = history.length;
		if ($notice.get()?.kind === 'refused') $notice.set(null);
		return true;
	}

	/** The earlier (-1) or later (+1) command sent, for the arrow keys; '' past the newest. */
	function recall(step: -1 | 1): string {
		browsing = Math.min(history.length, Math.max(0, browsing + step));
		return history[browsing] ?? '';
	}

	function close() {
		const open = socket;
		socket = null;
		open?.close();
		if ($phase.get() !== 'idle') $phase.set('closed');
	}

	return { $phase, $lines, $state, $usage, $notice, open, send, recall, close, receive };
}

export type GameConsole = ReturnType<typeof createGameConsole>;
