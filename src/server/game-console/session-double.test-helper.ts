import type { ConsoleFrame } from '../../lib/domain/game-console-event';
import type { ConsoleSession } from '../game-panel/types';

/**
 * A panel console session for tests: records what it was sent, lets the test play the panel's
 * frames (`emit`) and its side ending (`end`), and says whether it was closed.
 */
export function sessionDouble() {
	const sent: ConsoleFrame[] = [];
	const listeners = new Set<(frame: ConsoleFrame) => void>();
	const closers: ((reason: string) => void)[] = [];
	let closed = false;
	const session: ConsoleSession = {
		send: (frame) => void sent.push(frame),
		onFrame(listener) {
			listeners.add(listener);
			return () => listeners.delete(listener);
		},
		onClose: (listener) => void closers.push(listener),
		close: () => {
			closed = true;
			listeners.clear();
		},
	};
	return {
		session,
		sent,
		emit: (frame: ConsoleFrame) => listeners.forEach((listener) => listener(frame)),
		end: (reason: string) => closers.splice(0).forEach((closer) => closer(reason)),
		get closed() {
			return closed;
		},
		get listening() {
			return listeners.size;
		},
	};
}
