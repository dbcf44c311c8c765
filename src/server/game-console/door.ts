import { doorNamed, type ConsoleAsk } from '../console/door.ts';
import type { ClaimedGameConsole } from './serve.ts';

// The game console's door between the site server's relay (server/game-console-upgrade.ts) and
// Astro's side, where the token, the session and the game panel live: the VPS console's door
// mechanism (src/server/console/door.ts) under its own name. Astro's side opens it as its
// middleware loads (`gameConsoleDoor.open(claimGameFromUpgrade)`, src/middleware.ts).

/** Spends the token for the asking session: the panel's session, or the refusal. */
export type GameConsoleClaim = (asked: ConsoleAsk) => Promise<ClaimedGameConsole | string>;

export const gameConsoleDoor = doorNamed<GameConsoleClaim>('frostnode.game-console-door');
