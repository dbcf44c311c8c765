/**
 * A game server's live console (`/game-console/<token>`, made by POST
 * /api/services/{id}/game-console or the staff console's read-only view): the VPS console's
 * upgrade (console-upgrade.ts: Origin, the token spent in process for the session in the
 * cookies) with its own door, relay (src/server/game-console/relay.ts: Wings' frames, filtered
 * both ways) and live check (`game_console_access_live`).
 */
import { gameConsoleDoor } from '../src/server/game-console/door.ts';
import { gameConsoleCheck } from '../src/server/game-console/live-check.ts';
import { serveGameConsole, type ClaimedGameConsole } from '../src/server/game-console/serve.ts';
import { consoleUpgradeFor } from './console-upgrade.ts';

/** A frame the page may send is a command of at most 4 KiB in Wings' JSON; a bit of room. */
const maxFrameBytes = 16 * 1024;

export const gameConsoleUpgrade = consoleUpgradeFor<ClaimedGameConsole>({
	path: /^\/game-console\/([A-Za-z0-9_-]{43})$/,
	name: 'game console',
	walk: (waitMs) => gameConsoleDoor.walk(waitMs),
	maxPayload: maxFrameBytes,
	serve: (browser, claimed, admin, onEnd) =>
		serveGameConsole(browser, claimed, { check: gameConsoleCheck(admin, claimed.viewer), onEnd }),
});
