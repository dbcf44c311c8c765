import { describe, expect, it } from 'vitest';
import { RateLimiter, combine } from './limiter';

function clock(start = 1_000_000) {
	let now = start;
	return { now: () => now, advance: (seconds: number) => (now += seconds * 1000) };
}

describe('RateLimiter', () => {
	it('allows max events per window, then says how long to wait', () => {
		const time = clock();
		const limiter = new RateLimiter({ max: 3, windowSeconds: 60 }, time.now);
		for (let i = 0; i < 3; i++) {
			expect(limiter.hit('a')).toEqual({ ok: true });
			time.advance(10);
		}
		expect(limiter.hit('a')).toEqual({ ok: false, retryAfterSeconds: 30 });
		expect(limiter.hit('b')).toEqual({ ok: true });
		time.advance(30);
		expect(limiter.hit('a')).toEqual({ ok: true });
	});

	it('counts recorded events without asking, and forgets a cleared key', () => {
		const time = clock();
		const limiter = new RateLimiter({ max: 2, windowSeconds: 300 }, time.now);
		limiter.record('x');
		limiter.record('x');
		expect(limiter.check('x')).toEqual({ ok: false, retryAfterSeconds: 300 });
		limiter.clear('x');
		expect(limiter.check('x')).toEqual({ ok: true });
	});

	it('refused attempts do not extend the wait', () => {
		const time = clock();
		const limiter = new RateLimiter({ max: 1, windowSeconds: 60 }, time.now);
		limiter.hit('k');
		for (let i = 0; i < 5; i++) {
			time.advance(10);
			limiter.hit('k');
		}
		time.advance(10);
		expect(limiter.hit('k')).toEqual({ ok: true });
	});
});

describe('combine', () => {
	it('keeps the longest wait', () => {
		expect(combine({ ok: true }, { ok: true })).toEqual({ ok: true });
		expect(
			combine(
				{ ok: false, retryAfterSeconds: 5 },
				{ ok: true },
				{ ok: false, retryAfterSeconds: 9 },
			),
		).toEqual({ ok: false, retryAfterSeconds: 9 });
	});
});

describe('forgive', () => {
	it('takes back the latest event only', () => {
		const limiter = new RateLimiter({ max: 2, windowSeconds: 60 });
		limiter.record('k');
		limiter.record('k');
		expect(limiter.check('k').ok).toBe(false);
		limiter.forgive('k');
		expect(limiter.check('k').ok).toBe(true);
		limiter.forgive('k');
		limiter.forgive('k');
		limiter.record('k');
		expect(limiter.check('k').ok).toBe(true);
	});
});
