/**
 * Counts events per key over a sliding window and says when a key is over its limit. The counts
 * live in a store shared by every site server (the database, `database-store.ts`), so a second
 * server does not double anyone's budget; without a backend (a storefront-only run, unit tests)
 * they live in this process (`memory-store.ts`). `store.ts` picks.
 */
export interface WindowLimit {
	max: number;
	windowSeconds: number;
}

export type Verdict = { ok: true } | { ok: false; retryAfterSeconds: number };

export interface LimitCheck {
	bucket: string;
	key: string;
	limit: WindowLimit;
	/** false: asked, never counted, even by a 'hit' that is allowed. */
	count?: boolean;
}

/** check: the verdict only; hit: the verdict, counting when allowed; record: count regardless. */
export type TakeMode = 'check' | 'hit' | 'record';

export interface LimitStore {
	take(checks: LimitCheck[], mode: TakeMode): Promise<Verdict>;
	/** Takes back the newest event of a key, or all of them. */
	forget(bucket: string, key: string, everything: boolean): Promise<void>;
}

export class RateLimiter {
	readonly bucket: string;
	readonly limit: WindowLimit;
	readonly store: () => LimitStore;

	constructor(bucket: string, limit: WindowLimit, store: () => LimitStore) {
		this.bucket = bucket;
		this.limit = limit;
		this.store = store;
	}

	#take(key: string, mode: TakeMode) {
		return this.store().take([{ bucket: this.bucket, key, limit: this.limit }], mode);
	}

	/** Whether one more event for `key` would be allowed, without counting it. */
	check(key: string): Promise<Verdict> {
		return this.#take(key, 'check');
	}

	/** Counts an event that happened whether or not it was allowed (a failed password, say). */
	async record(key: string): Promise<void> {
		await this.#take(key, 'record');
	}

	/** Checks and, when allowed, counts: the usual "may this request go ahead". */
	hit(key: string): Promise<Verdict> {
		return this.#take(key, 'hit');
	}

	/** Takes back the latest event of `key`: one that turned out not to count (a found code). */
	forgive(key: string): Promise<void> {
		return this.store().forget(this.bucket, key, false);
	}

	clear(key: string): Promise<void> {
		return this.store().forget(this.bucket, key, true);
	}
}

/** The stricter of several verdicts: the longest wait wins. */
export function combine(...verdicts: Verdict[]): Verdict {
	const waits = verdicts.flatMap((v) => (v.ok ? [] : [v.retryAfterSeconds]));
	return waits.length === 0 ? { ok: true } : { ok: false, retryAfterSeconds: Math.max(...waits) };
}

/**
 * Checks several limits and counts the request against all of them only when every one allows it,
 * so a request refused by one limit does not use up another. One step in the store, so two
 * servers cannot both slip through between the check and the count. `checkOnly` limits are asked
 * in the same step but never counted (a sign-in asks whether its account is paused): one round
 * trip instead of two, which a flood of sign-ins pays on every attempt.
 */
export function hitAll(
	pairs: [RateLimiter, string][],
	checkOnly: [RateLimiter, string][] = [],
): Promise<Verdict> {
	const first = pairs[0] ?? checkOnly[0];
	if (!first) return Promise.resolve({ ok: true });
	const checks = [
		...pairs.map(([limiter, key]) => ({ bucket: limiter.bucket, key, limit: limiter.limit })),
		...checkOnly.map(([limiter, key]) => ({
			bucket: limiter.bucket,
			key,
			limit: limiter.limit,
			count: false,
		})),
	];
	return first[0].store().take(checks, 'hit');
}
