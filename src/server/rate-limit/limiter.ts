/**
 * Counts events per key over a sliding window and says when a key is over its limit. In memory:
 * one site-server process holds the counts (docs/security.md says what that means behind a load
 * balancer). Idle keys are dropped as the map grows, so random keys cannot exhaust memory.
 */
export interface WindowLimit {
	max: number;
	windowSeconds: number;
}

export type Verdict = { ok: true } | { ok: false; retryAfterSeconds: number };

const PRUNE_AT = 50_000;

export class RateLimiter {
	readonly limit: WindowLimit;
	readonly #now: () => number;
	readonly #events = new Map<string, number[]>();

	constructor(limit: WindowLimit, now: () => number = () => Date.now()) {
		this.limit = limit;
		this.#now = now;
	}

	#recent(key: string, now: number): number[] {
		const cutoff = now - this.limit.windowSeconds * 1000;
		const kept = (this.#events.get(key) ?? []).filter((at) => at > cutoff);
		if (kept.length === 0) this.#events.delete(key);
		else this.#events.set(key, kept);
		return kept;
	}

	/** Whether one more event for `key` would be allowed, without counting it. */
	check(key: string): Verdict {
		const now = this.#now();
		const recent = this.#recent(key, now);
		if (recent.length < this.limit.max) return { ok: true };
		const oldest = recent[recent.length - this.limit.max] ?? now;
		const waitMs = oldest + this.limit.windowSeconds * 1000 - now;
		return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
	}

	/** Counts an event that happened whether or not it was allowed (a failed password, say). */
	record(key: string): void {
		const now = this.#now();
		if (this.#events.size >= PRUNE_AT) this.#prune(now);
		this.#events.set(key, [...this.#recent(key, now), now].slice(-this.limit.max));
	}

	/** Checks and, when allowed, counts: the usual "may this request go ahead". */
	hit(key: string): Verdict {
		const verdict = this.check(key);
		if (verdict.ok) this.record(key);
		return verdict;
	}

	/** Takes back the latest event of `key`: one that turned out not to count (a found code). */
	forgive(key: string): void {
		const events = this.#events.get(key);
		if (events && events.length > 1) this.#events.set(key, events.slice(0, -1));
		else this.#events.delete(key);
	}

	clear(key: string): void {
		this.#events.delete(key);
	}

	#prune(now: number): void {
		for (const key of [...this.#events.keys()]) this.#recent(key, now);
	}
}

/** The stricter of several verdicts: the longest wait wins. */
export function combine(...verdicts: Verdict[]): Verdict {
	const waits = verdicts.flatMap((v) => (v.ok ? [] : [v.retryAfterSeconds]));
	return waits.length === 0 ? { ok: true } : { ok: false, retryAfterSeconds: Math.max(...waits) };
}

/**
 * Checks several limits and counts the request against all of them only when every one allows it,
 * so a request refused by one limit does not use up another.
 */
export function hitAll(pairs: [RateLimiter, string][]): Verdict {
	const verdict = combine(...pairs.map(([limiter, key]) => limiter.check(key)));
	if (verdict.ok) for (const [limiter, key] of pairs) limiter.record(key);
	return verdict;
}
