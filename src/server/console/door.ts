import type { ClaimedConsole } from './serve.ts';

// How the site server's relays (server/console-upgrade.ts, server/game-console-upgrade.ts) spend
// a console token in process, with no request to themselves. The relays are plain Node; the
// token, the session and the hypervisor or game panel live in Astro's bundle, which holds its own
// copies of these modules. What both must share therefore lives on globalThis, as the process
// token does (src/server/http/lifecycle.ts): Astro's side opens each door when its middleware
// loads (src/middleware.ts), the relay walks through it.

/** What a relay knows of a console's WebSocket upgrade. */
export interface ConsoleAsk {
	/** The one-time token of the path (`/console/<token>`, `/game-console/<token>`). */
	token: string;
	/** The browser's Cookie header: the session that made the token must be the one asking. */
	cookie: string;
	clientAddress: string;
	userAgent: string | undefined;
}

/** A door on globalThis: Astro's side opens it with its claim, the relay waits for that claim. */
export interface Door<Claim> {
	open(claim: Claim): void;
	/** The claim, once Astro's side has loaded; undefined after `waitMs` without it. */
	walk(waitMs: number): Promise<Claim | undefined>;
}

/** The door named `name` (one per console), the same for every copy of this module. */
export function doorNamed<Claim>(name: string): Door<Claim> {
	const key = Symbol.for(name);
	type Shared = { claim?: Claim; waiting: ((claim: Claim) => void)[] };
	const holder = globalThis as { [key: symbol]: Shared | undefined };
	const shared = (): Shared => (holder[key] ??= { waiting: [] });
	return {
		open(claim) {
			const door = shared();
			door.claim = claim;
			for (const resume of door.waiting.splice(0)) resume(claim);
		},
		walk(waitMs) {
			const door = shared();
			if (door.claim) return Promise.resolve(door.claim);
			return new Promise((resolve) => {
				const resume = (claim: Claim | undefined) => {
					clearTimeout(timer);
					resolve(claim);
				};
				const timer = setTimeout(() => {
					door.waiting = door.waiting.filter((one) => one !== resume);
					resolve(undefined);
				}, waitMs);
				door.waiting.push(resume);
			});
		},
	};
}

/** Spends the token for the asking session: where to connect, or the refusal. */
export type ConsoleClaim = (asked: ConsoleAsk) => Promise<ClaimedConsole | string>;

const vpsDoor = doorNamed<ConsoleClaim>('frostnode.console-door');

/** Astro's side: how this process spends a VPS console token. */
export function openConsoleDoor(claim: ConsoleClaim): void {
	vpsDoor.open(claim);
}

/**
 * The relay's side: the claim, once Astro's side has loaded (the site server's own start-up
 * request loads it, before any browser can have a token); undefined after `waitMs` without it.
 */
export function consoleDoor(waitMs: number): Promise<ConsoleClaim | undefined> {
	return vpsDoor.walk(waitMs);
}
