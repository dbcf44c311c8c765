import type { ClaimedConsole } from './serve.ts';

// How the site server's relay (server/console-upgrade.ts) spends a console token in process, with
// no request to itself. The relay is plain Node; the token, the session and the hypervisor live in
// Astro's bundle, which holds its own copies of these modules. What both must share therefore
// lives on globalThis, as the process token does (src/server/http/lifecycle.ts): Astro's side
// opens the door when its middleware loads (src/middleware.ts), the relay walks through it.

/** What the relay knows of a console's WebSocket upgrade. */
export interface ConsoleAsk {
	/** The one-time token of the path `/console/<token>`. */
	token: string;
	/** The browser's Cookie header: the session that made the token must be the one asking. */
	cookie: string;
	clientAddress: string;
	userAgent: string | undefined;
}

/** Spends the token for the asking session: where to connect, or the refusal. */
export type ConsoleClaim = (asked: ConsoleAsk) => Promise<ClaimedConsole | string>;

const doorKey = Symbol.for('frostnode.console-door');
type Door = { claim?: ConsoleClaim; waiting: ((claim: ConsoleClaim) => void)[] };
const holder = globalThis as { [doorKey]?: Door };
const door = (): Door => (holder[doorKey] ??= { waiting: [] });

/** Astro's side: how this process spends a console token. */
export function openConsoleDoor(claim: ConsoleClaim): void {
	const shared = door();
	shared.claim = claim;
	for (const resume of shared.waiting.splice(0)) resume(claim);
}

/**
 * The relay's side: the claim, once Astro's side has loaded (the site server's own start-up
 * request loads it, before any browser can have a token); undefined after `waitMs` without it.
 */
export function consoleDoor(waitMs: number): Promise<ConsoleClaim | undefined> {
	const shared = door();
	if (shared.claim) return Promise.resolve(shared.claim);
	return new Promise((resolve) => {
		const resume = (claim: ConsoleClaim | undefined) => {
			clearTimeout(timer);
			resolve(claim);
		};
		const timer = setTimeout(() => {
			shared.waiting = shared.waiting.filter((one) => one !== resume);
			resolve(undefined);
		}, waitMs);
		shared.waiting.push(resume);
	});
}
