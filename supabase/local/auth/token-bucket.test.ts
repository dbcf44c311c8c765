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
});
