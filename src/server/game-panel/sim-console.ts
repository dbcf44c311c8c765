import { closeSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import {
	consoleRequests,
	type ConsoleFrame,
	type ConsoleRequest,
} from '../../lib/domain/game-console-event';
import { GamePanelNotFoundError } from './errors';
import { answerCommand } from './sim-commands';
import type { SimContext } from './sim-context';
import { logCommand, playersOnline } from './sim-log';
import { confine } from './sim-paths';
import { stateAt, afterSignal } from './sim-timeline';
import { LOG_PATH, maxPlayers } from './sim-tree';
import { consoleStats } from './sim-stats';
import type { ConsoleSession, ServerRef } from './types';

// A simulated server's live console, speaking Wings' frames. It lives in this process, but all it
// shows comes from the shared state: it follows `logs/latest.log` (written from the timeline by
// whichever process reads the server, and by commands) and the server's state, every TICK_MS.

export const TICK_MS = 250;
/** Wings replays this many lines on `send logs`. */
const REPLAY_LINES = 150;
const STATS_EVERY_MS = 2000;

const isRequest = (event: string): event is ConsoleRequest =>
	(consoleRequests as readonly string[]).includes(event);

export function openSimConsole(context: SimContext, ref: ServerRef): ConsoleSession {
	const { root } = context.usable(ref);
	const log = confine(root, LOG_PATH);
	const size = () => statSync(log, { throwIfNoEntry: false })?.size ?? 0;
	const listeners = new Set<(frame: ConsoleFrame) => void>();
	const closers: ((reason: string) => void)[] = [];
	let offset = size();
	let shownState: string | null = null;
	let statsAt = 0;
	let closed = false;

	const emit = (frame: ConsoleFrame) => {
		for (const listener of listeners) listener(frame);
	};
	const output = (lines: string[]) =>
		lines.forEach((line) => emit({ event: 'console output', args: [line] }));

	/** The lines appended since the last read; a log that shrank (a restore) is followed from its end. */
	function newLines(): string[] {
		const end = size();
		if (end < offset) offset = end;
		if (end === offset) return [];
		const buffer = Buffer.alloc(end - offset);
		const fd = openSync(log, 'r');
		try {
			readSync(fd, buffer, 0, buffer.length, offset);
		} finally {
			closeSync(fd);
		}
		const text = buffer.toString('utf8');
		const whole = text.lastIndexOf('\n') + 1;
		offset += Buffer.byteLength(text.slice(0, whole));
		return text.slice(0, whole).split('\n').slice(0, -1);
	}

	function end(reason: string) {
		if (closed) return;
		close();
		for (const closer of closers) closer(reason);
	}

	/** Runs a step; the panel's side ending (the server deleted) ends the session, not the process. */
	function guarded(step: () => void) {
		try {
			step();
		} catch (error) {
			end(
				error instanceof GamePanelNotFoundError ? 'The server was deleted' : 'The console failed',
			);
		}
	}

	function tick() {
		if (closed || listeners.size === 0) return;
		const server = context.find(ref);
		const at = context.now();
		const state = server.suspended ? 'offline' : stateAt(context.timelineAt(server, at), at);
		if (state !== shownState) emit({ event: 'status', args: [(shownState = state)] });
		if (server.suspended) return end('The server was suspended');
		output(newLines());
		if (state === 'running' && at - statsAt >= STATS_EVERY_MS) stats();
	}

	function stats() {
		const server = context.find(ref);
		statsAt = context.now();
		emit({ event: 'stats', args: [JSON.stringify(consoleStats(context, server, root, statsAt))] });
	}

	function command(text: string) {
		const server = context.find(ref);
		const at = context.now();
		const timeline = context.timelineAt(server, at);
		const state = stateAt(timeline, at);
		// Wings drops a command the server cannot take: nothing is said.
		if (server.suspended || (state !== 'running' && state !== 'starting')) return;
		const players = playersOnline(timeline, at);
		const answer = answerCommand(text, {
			game: server.game,
			players,
			maxPlayers: maxPlayers(server.build.ramGb),
		});
		logCommand(root, server, at, [`> ${text}`, ...answer]);
		if (/^\/?stop$/i.test(text)) {
			context.signal(
				server,
				timeline,
				afterSignal(timeline, 'stop', at, context.config.delayMs)!,
				at,
			);
			context.save();
		}
		tick();
	}

	/** Wings' `send logs`: the last lines, only while running; the tail then goes on after them. */
	function replay() {
		const server = context.find(ref);
		const at = context.now();
		if (server.suspended || stateAt(context.timelineAt(server, at), at) !== 'running') return;
		const text = readFileSync(log, 'utf8');
		const whole = text.slice(0, text.lastIndexOf('\n') + 1);
		offset = Buffer.byteLength(whole);
		output(whole.split('\n').slice(0, -1).slice(-REPLAY_LINES));
	}

	const timer = setInterval(() => guarded(tick), TICK_MS);
	timer.unref();

	function close() {
		closed = true;
		clearInterval(timer);
		listeners.clear();
	}

	return {
		send(frame) {
			if (closed || !isRequest(frame.event)) return;
			guarded(() => {
				// The status always comes first, as Wings sends it on `auth`.
				if (shownState === null) tick();
				if (frame.event === 'send logs') replay();
				else if (frame.event === 'send stats') stats();
				else {
					const text = (frame.args ?? []).join(' ').trim();
					if (text) command(text);
				}
			});
		},
		onFrame(listener) {
			listeners.add(listener);
			if (listeners.size === 1) queueMicrotask(() => guarded(tick));
			return () => listeners.delete(listener);
		},
		onClose(listener) {
			closers.push(listener);
		},
		close,
	};
}
