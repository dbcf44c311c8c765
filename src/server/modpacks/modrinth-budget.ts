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
