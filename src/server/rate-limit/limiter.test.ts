import { describe, expect, it } from 'vitest';
import { combine, RateLimiter } from './limiter';
import { MemoryStore } from './memory-store';

// Time travel: only the memory store has a clock a test can move.
function clocked(limit: { max: number; windowSeconds: number }) {
	let now = 1_000_000;
	const store = new MemoryStore(() => now);
	return {
		limiter: new RateLimiter('timed', limit, () => store),
		advance: (seconds: number) => (now += seconds * 1000),
	};
}

describe('the memory store over time', () => {
	it('waits exactly until the oldest counted event leaves the window', async () => {
		const { limiter, advance } = clocked({ max: 3, windowSeconds: 60 });
		for (let i = 0; i < 3; i++) {
			expect(await limiter.hit('a')).toEqual({ ok: true });
			advance(10);
		}
		expect(await limiter.hit('a')).toEqual({ ok: false, retryAfterSeconds: 30 });
		advance(30);
		expect(await limiter.hit('a')).toEqual({ ok: true });
	});

	it('refused attempts do not extend the wait', async () => {
		const { limiter, advance } = clocked({ max: 1, windowSeconds: 60 });
		await limiter.hit('k');
		for (let i = 0; i < 5; i++) {
			advance(10);
			await limiter.hit('k');
		}
		advance(10);
		expect(await limiter.hit('k')).toEqual({ ok: true });
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
