import type { LimitCheck, LimitStore, TakeMode, Verdict } from './limiter';
import { combine } from './limiter';

/**
 * The counts in this process: for a site with no backend configured, and for unit tests. Idle keys
 * are dropped as the map grows, so random keys cannot exhaust memory.
 */
const PRUNE_AT = 50_000;

export class MemoryStore implements LimitStore {
	readonly #now: () => number;
	readonly #events = new Map<string, { times: number[]; windowMs: number }>();

	constructor(now: () => number = () => Date.now()) {
		this.#now = now;
	}

	#recent(id: string, windowMs: number, now: number): number[] {
		const kept = (this.#events.get(id)?.times ?? []).filter((at) => at > now - windowMs);
		if (kept.length === 0) this.#events.delete(id);
		else this.#events.set(id, { times: kept, windowMs });
		return kept;
	}

	#verdict({ bucket, key, limit }: LimitCheck, now: number): Verdict {
		const recent = this.#recent(`${bucket}\n${key}`, limit.windowSeconds * 1000, now);
		if (recent.length < limit.max) return { ok: true };
		const oldest = recent[recent.length - limit.max] ?? now;
		const waitMs = oldest + limit.windowSeconds * 1000 - now;
		return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(waitMs / 1000)) };
	}

	take(checks: LimitCheck[], mode: TakeMode): Promise<Verdict> {
		const now = this.#now();
		const verdict =
			mode === 'record'
				? { ok: true as const }
				: combine(...checks.map((c) => this.#verdict(c, now)));
		if (mode === 'record' || (mode === 'hit' && verdict.ok)) {
			if (this.#events.size >= PRUNE_AT) this.#prune(now);
			for (const { bucket, key, limit, count } of checks) {
				if (mode === 'hit' && count === false) continue;
				const id = `${bucket}\n${key}`;
				const times = [...this.#recent(id, limit.windowSeconds * 1000, now), now];
				this.#events.set(id, {
					times: times.slice(-limit.max),
					windowMs: limit.windowSeconds * 1000,
				});
			}
		}
		return Promise.resolve(verdict);
	}

	forget(bucket: string, key: string, everything: boolean): Promise<void> {
		const id = `${bucket}\n${key}`;
		const entry = this.#events.get(id);
		if (entry && !everything && entry.times.length > 1)
			this.#events.set(id, { ...entry, times: entry.times.slice(0, -1) });
		else this.#events.delete(id);
		return Promise.resolve();
	}

	#prune(now: number): void {
		for (const [id, entry] of [...this.#events]) this.#recent(id, entry.windowMs, now);
	}
}
