import type { WebSocket } from 'ws';
import { consoleCloseCodes } from '../../lib/domain/console-ending.ts';
import type { ConsoleSocket } from '../hypervisor/types.ts';
import { liveCheckMs, watchLiveAccess, type LiveCheck, type LiveGrant } from './live-access.ts';
import { relay } from './relay.ts';
import { openUpstream } from './upstream.ts';

// One open console, as the site's WebSocket serves it once its token is spent (claimConsole in
// open.ts): the relay to the machine's screen, and the live access check that closes it when the
// session, the service or the password no longer allow it. Whichever ends first stops the other.

/** What a spent token opens: where the screen is, its one-time password, and who opened it. */
export interface ClaimedConsole {
	socket: ConsoleSocket;
	password: string;
	grant: LiveGrant;
}

/** Minutes without a key press or pointer move before the console closes (CONSOLE_IDLE_MINUTES). */
export function consoleIdleMs(env: NodeJS.ProcessEnv = process.env): number {
	const minutes = Number(env.CONSOLE_IDLE_MINUTES ?? '5');
	return (Number.isFinite(minutes) && minutes > 0 ? minutes : 5) * 60_000;
}

export function serveConsole(
	browser: WebSocket,
	claimed: ClaimedConsole,
	options: { check: LiveCheck; onEnd?: (reason: string) => void; env?: NodeJS.ProcessEnv },
): void {
	let stopWatching = () => {};
	const session = relay(browser, openUpstream(claimed.socket), {
		password: claimed.password,
		idleMs: consoleIdleMs(options.env),
		onEnd: (reason) => {
			stopWatching();
			options.onEnd?.(reason);
		},
	});
	stopWatching = watchLiveAccess(claimed.grant, {
		check: options.check,
		everyMs: liveCheckMs(options.env),
		onLost: (ending) => session.end(ending, consoleCloseCodes[ending]),
	});
}
