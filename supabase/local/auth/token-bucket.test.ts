import { describe, expect, it } from 'vitest';
import { TokenBuckets } from './token-bucket.ts';

describe('TokenBuckets', () => {
	it('lets a burst of the capacity through, then refills at capacity per window', () => {
		const buckets = new TokenBuckets(3, 300);
		const t0 = 1_000_000;
		expect([1, 2, 3, 4].map(() => buckets.take('a', t0))).toEqual([true, true, true, false]);
		// 3 per 300 s is one token every 100 s.
		expect(buckets.take('a', t0 + 99_000)).toBe(false);
		expect(buckets.take('a', t0 + 100_000)).toBe(true);
		expect(buckets.take('a', t0 + 100_000)).toBe(false);
	});

	it('keeps keys apart and never holds more than the capacity', () => {
		const buckets = new TokenBuckets(2, 60);
		const t0 = 5_000;
		expect(buckets.take('a', t0)).toBe(true);
		expect(buckets.take('a', t0)).toBe(true);
		expect(buckets.take('a', t0)).toBe(false);
		expect(buckets.take('b', t0)).toBe(true);
		const later = t0 + 3_600_000;
		expect([1, 2, 3].map(() => buckets.take('a', later))).toEqual([true, true, false]);
	});

	it('a refused request takes nothing', () => {
		const buckets = new TokenBuckets(1, 10);
		expect(buckets.take('a', 0)).toBe(true);
		for (let t = 1_000; t < 10_000; t += 1_000) expect(buckets.take('a', t)).toBe(false);
		expect(buckets.take('a', 10_000)).toBe(true);
	});

	it('forgets a bucket a set time after it was made, as tollbooth expires its entries', () => {
		// GoTrue's MFA limiters: 30 at once, 15 a minute, and the entry dropped a minute after creation.
		const buckets = new TokenBuckets(30, 120, 60);
		const t0 = 0;
		for (let n = 0; n < 30; n += 1) expect(buckets.take('a', t0)).toBe(true);
		expect(buckets.take('a', t0 + 1_000)).toBe(false);
		// Refilled at 15 a minute: one token by 4 s, taken at once, whatever the entry's age.
		expect(buckets.take('a', t0 + 4_000)).toBe(true);
		expect(buckets.take('a', t0 + 4_000)).toBe(false);
		// A minute after the bucket was made it is gone: a full one replaces it.
		const fresh = t0 + 60_000;
		for (let n = 0; n < 30; n += 1) expect(buckets.take('a', fresh)).toBe(true);
		expect(buckets.take('a', fresh)).toBe(false);
	});
});
