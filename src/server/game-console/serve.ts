import type { WebSocket } from 'ws';
import { consoleCloseCodes } from '../../lib/domain/console-ending.ts';
import type { ConsoleViewer } from '../../lib/domain/console-token.ts';
import {
	liveCheckMs,
	watchLiveAccess,
	type LiveCheck,
	type LiveGrant,
} from '../console/live-access.ts';
import { consoleIdleMs } from '../console/serve.ts';
import type { ConsoleSession, ServerState } from '../game-panel/types.ts';
import { relayGameConsole } from './relay.ts';

// One open game console, as the site's WebSocket serves it once its token is spent
// (claimGameConsole in open.ts): the relay to the panel's session, and the VPS console's live
// access watch with the game console's own check. Whichever ends first stops the other.

/** What a spent token opens: the panel's console session, who watches, and the server's state. */
export interface ClaimedGameConsole {
	session: ConsoleSession;
	grant: LiveGrant;
	viewer: ConsoleViewer;
	state: ServerState;
}

export function serveGameConsole(
	browser: WebSocket,
	claimed: ClaimedGameConsole,
	options: { check: LiveCheck; onEnd?: (reason: string) => void; env?: NodeJS.ProcessEnv },
): void {
	let stopWatching = () => {};
	const relay = relayGameConsole(browser, claimed.session, {
		viewer: claimed.viewer,
		state: claimed.state,
		idleMs: consoleIdleMs(options.env),
		onEnd: (reason) => {
			stopWatching();
			options.onEnd?.(reason);
		},
	});
	stopWatching = watchLiveAccess(claimed.grant, {
		check: options.check,
		everyMs: liveCheckMs(options.env),
		onLost: (ending) => relay.end(ending, consoleCloseCodes[ending]),
	});
}
