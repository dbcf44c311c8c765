// Token buckets per key, as GoTrue's tollbooth limiters work: a bucket holds up to `capacity` tokens,
// refills continuously at `capacity` per window, and each request takes one. A burst of `capacity`
// passes at once; after that, requests pass only as fast as the bucket refills. With
// `forgetAfterSeconds`, a bucket is dropped that long after it was made (tollbooth keeps its buckets
// in a cache whose entries expire from creation), and the key starts again with a full one.

interface Bucket {
	tokens: number;
	at: number;
	created: number;
}

// Full buckets carry no information; past this many keys they are dropped, so addresses seen once do
// not accumulate for the life of the process.
const SWEEP_ABOVE = 10_000;

export class TokenBuckets {
	readonly #capacity: number;
	readonly #perMs: number;
	readonly #forgetAfterMs: number;
	readonly #buckets = new Map<string, Bucket>();

	constructor(capacity: number, windowSeconds: number, forgetAfterSeconds = Infinity) {
		this.#capacity = capacity;
		this.#perMs = capacity / (windowSeconds * 1000);
		this.#forgetAfterMs = forgetAfterSeconds * 1000;
	}

	#level(bucket: Bucket, now: number): number {
		return Math.min(this.#capacity, bucket.tokens + (now - bucket.at) * this.#perMs);
	}

	/** Takes a token for `key`; false (and nothing taken) when its bucket is empty. */
	take(key: string, now = Date.now()): boolean {
		if (this.#buckets.size > SWEEP_ABOVE) this.#sweep(now);
		const kept = this.#buckets.get(key);
		const bucket = kept && now - kept.created < this.#forgetAfterMs ? kept : undefined;
		const tokens = bucket ? this.#level(bucket, now) : this.#capacity;
		if (tokens < 1) return false;
		this.#buckets.set(key, { tokens: tokens - 1, at: now, created: bucket?.created ?? now });
		return true;
	}

	#sweep(now: number): void {
		for (const [key, bucket] of this.#buckets) {
			if (this.#level(bucket, now) >= this.#capacity) this.#buckets.delete(key);
		}
	}
}
