import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ConsoleEnding } from '../../lib/domain/console-ending';
import {
	checksBeforeUnverified,
	liveCheckMs,
	watchLiveAccess,
	type LiveCheck,
} from './live-access';

// The watcher alone, on a fake clock: it asks again only after an answer, closes once with the
// first ending it hears, gives a few failed checks the benefit of the doubt, and stops when told.

const grant = { sessionId: 's', userId: 'u', serviceId: 'v', openedAt: '2026-12-06T15:00:00Z' };

beforeEach(() => {
	vi.useFakeTimers();
});
afterEach(() => {
	vi.useRealTimers();
});

/** A check answering from a script, one answer per call (an Error is thrown); counts its calls. */
function scripted(answers: (ConsoleEnding | null | Error)[]) {
	const calls = { count: 0 };
	const check: LiveCheck = () => {
		const answer = answers[calls.count] ?? null;
		calls.count += 1;
		return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer);
	};
	return { check, calls };
}

describe('the live access watcher', () => {
	it('checks every interval and closes once with the first ending', async () => {
		const { check, calls } = scripted([null, null, 'suspended', 'signed_out']);
		const lost: ConsoleEnding[] = [];
		watchLiveAccess(grant, { check, everyMs: 1000, onLost: (ending) => lost.push(ending) });
		await vi.advanceTimersByTimeAsync(999);
		expect(calls.count).toBe(0);
		await vi.advanceTimersByTimeAsync(2001);
		expect(lost).toEqual(['suspended']);
		await vi.advanceTimersByTimeAsync(10_000);
		expect({ calls: calls.count, lost }).toEqual({ calls: 3, lost: ['suspended'] });
	});

	it('closes unverified only after several failed checks in a row', async () => {
		const down = new Error('database unreachable');
		const { check } = scripted([down, down, null, ...Array(checksBeforeUnverified).fill(down)]);
		const lost: ConsoleEnding[] = [];
		watchLiveAccess(grant, { check, everyMs: 1000, onLost: (ending) => lost.push(ending) });
		await vi.advanceTimersByTimeAsync(3000 + (checksBeforeUnverified - 1) * 1000);
		expect(lost).toEqual([]);
		await vi.advanceTimersByTimeAsync(1000);
		expect(lost).toEqual(['unverified']);
	});

	it('asks nothing more once stopped', async () => {
		const { check, calls } = scripted(['ended']);
		const lost: ConsoleEnding[] = [];
		const stop = watchLiveAccess(grant, { check, everyMs: 1000, onLost: (e) => lost.push(e) });
		stop();
		await vi.advanceTimersByTimeAsync(5000);
		expect({ calls: calls.count, lost }).toEqual({ calls: 0, lost: [] });
	});

	it('reads its interval from CONSOLE_ACCESS_CHECK_SECONDS, 5 s unless a positive number', () => {
		expect(liveCheckMs({})).toBe(5000);
		expect(liveCheckMs({ CONSOLE_ACCESS_CHECK_SECONDS: '0.5' })).toBe(500);
		expect(liveCheckMs({ CONSOLE_ACCESS_CHECK_SECONDS: '0' })).toBe(5000);
		expect(liveCheckMs({ CONSOLE_ACCESS_CHECK_SECONDS: 'soon' })).toBe(5000);
	});
});
