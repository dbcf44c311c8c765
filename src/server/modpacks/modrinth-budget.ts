// Modrinth allows 300 requests a minute per address (labrinth's GCRA, 300 with a burst of 300),
// whoever makes them. The adapter keeps under it on its own (a sliding minute of calls) and stops
// asking altogether while Modrinth has said to wait (a 429, or a remaining count of 0 with its
// reset), so a busy shop is told "later" at once instead of being blocked for hammering.

export interface BudgetOptions {
	/** Calls per window; 300 as Modrinth's limit. */
	max?: number;
	windowMs?: number;
	now?: () => number;
}

export class CallBudget {
	private readonly calls: number[] = [];
	private pausedUntil = 0;
	private readonly max: number;
	private readonly windowMs: number;
	private readonly now: () => number;

	constructor(options: BudgetOptions = {}) {
		this.max = options.max ?? 300;
		this.windowMs = options.windowMs ?? 60_000;
		this.now = options.now ?? Date.now;
	}

	/** Takes one call; or, when none may be made now, how many milliseconds until one may. */
	take(): { ok: true } | { ok: false; retryAfterMs: number } {
		const now = this.now();
		if (now < this.pausedUntil) return { ok: false, retryAfterMs: this.pausedUntil - now };
		while (this.calls.length && this.calls[0]! <= now - this.windowMs) this.calls.shift();
		if (this.calls.length >= this.max)
			return { ok: false, retryAfterMs: this.calls[0]! + this.windowMs - now };
		this.calls.push(now);
		return { ok: true };
	}

	/** Modrinth said to wait this long: no call until then. */
	pause(ms: number): void {
		this.pausedUntil = Math.max(this.pausedUntil, this.now() + ms);
	}
}

/** How long Modrinth asked us to wait: Retry-After, else its reset header or its description. */
export function retryAfterMs(headers: Headers, body = ''): number | null {
	const retry = headers.get('retry-after')?.trim();
	if (retry) {
		if (/^\d+$/.test(retry)) return Number(retry) * 1000;
		const at = Date.parse(retry);
		if (!Number.isNaN(at)) return Math.max(0, at - Date.now());
	}
	const reset = headers.get('x-ratelimit-reset')?.trim();
	const described = /retry after (\d+) milliseconds/.exec(body)?.[1];
	const candidates = [
		reset && /^\d+$/.test(reset) ? Number(reset) * 1000 : null,
		described ? Number(described) : null,
	];
	const known = candidates.filter((ms): ms is number => ms !== null);
	return known.length ? Math.max(...known) : null;
}
