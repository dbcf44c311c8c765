import { describe, expect, it } from 'vitest';
import {
	afterSignal,
	installTimeline,
	nextDailyAt,
	runningSince,
	stateAt,
	statusAt,
	withDailyRestarts,
	type Step,
} from './sim-timeline';

const delay = 100;
const offline: Step[] = [{ at: 0, state: 'offline' }];

describe('the simulated process timeline', () => {
	it('installs, then is offline after the delay', () => {
		const timeline = installTimeline(1000, delay);
		expect(stateAt(timeline, 1000)).toBe('installing');
		expect(stateAt(timeline, 1099)).toBe('installing');
		expect(stateAt(timeline, 1100)).toBe('offline');
		expect(afterSignal(timeline, 'start', 1050, delay)).toBeNull();
	});

	it('starts through starting to running, and counts uptime from running', () => {
		const started = afterSignal(offline, 'start', 1000, delay)!;
		expect(stateAt(started, 1000)).toBe('starting');
		expect(runningSince(started, 1000)).toBeNull();
		expect(stateAt(started, 1100)).toBe('running');
		expect(runningSince(started, 5000)).toBe(1100);
		expect(afterSignal(started, 'start', 2000, delay)).toBe(started);
	});

	it('stops through stopping, restarts through both, kills at once', () => {
		const running: Step[] = [{ at: 0, state: 'running' }];
		const stopped = afterSignal(running, 'stop', 1000, delay)!;
		expect([stateAt(stopped, 1000), stateAt(stopped, 1100)]).toEqual(['stopping', 'offline']);
		expect(afterSignal(offline, 'stop', 1000, delay)).toBe(offline);
		const restarted = afterSignal(running, 'restart', 1000, delay)!;
		expect([1000, 1100, 1200].map((t) => stateAt(restarted, t))).toEqual([
			'stopping',
			'starting',
			'running',
		]);
		expect(stateAt(afterSignal(offline, 'restart', 1000, delay)!, 1000)).toBe('starting');
		expect(stateAt(afterSignal(running, 'kill', 1000, delay)!, 1000)).toBe('offline');
	});

	it('with no delay, lands on the final state at once', () => {
		expect(stateAt(installTimeline(5, 0), 5)).toBe('offline');
		expect(stateAt(afterSignal(offline, 'restart', 5, 0)!, 5)).toBe('running');
	});
});

describe('the simulated status', () => {
	const build = { ramGb: 4, storageGb: 20, cpuPercent: 0 };

	it('reports suspension over the process, and usage only while running', () => {
		const running: Step[] = [{ at: 1000, state: 'running' }];
		expect(statusAt(running, true, build, 2000)).toEqual({ state: 'suspended' });
		expect(statusAt(installTimeline(0, 100), false, build, 50)).toEqual({ state: 'installing' });
		expect(statusAt(running, false, build, 4000).resources).toMatchObject({
			memoryBytes: Math.round(4 * 1024 ** 3 * 0.45),
			uptimeMs: 3000,
		});
		expect(statusAt(offline, false, build, 4000).resources).toMatchObject({
			memoryBytes: 0,
			uptimeMs: 0,
		});
	});
});

describe('the daily restart', () => {
	const DAY = 24 * 60 * 60 * 1000;
	const midnight = Date.UTC(2026, 0, 10);
	/** `hour:minute` UTC on the first day, later days as hours past 24. */
	const at = (hour: number, minute = 0) => midnight + (hour * 60 + minute) * 60_000;
	const restart = { hour: 4, minute: 30, since: at(0) };
	const running: Step[] = [{ at: at(1), state: 'running' }];

	it('finds the next UTC time of day strictly after a moment', () => {
		const time = { hour: 4, minute: 30 };
		expect(nextDailyAt(time, at(1))).toBe(at(4, 30));
		expect(nextDailyAt(time, at(4, 30))).toBe(at(4, 30) + DAY);
		expect(nextDailyAt(time, at(4, 30) - 1)).toBe(at(4, 30));
		expect(nextDailyAt({ hour: 0, minute: 0 }, at(23, 59))).toBe(at(24));
	});

	it('restarts a running server when its time passes: stopping, starting, running', () => {
		expect(withDailyRestarts(running, restart, at(4, 30) - 1, delay)).toBe(running);
		const restarted = withDailyRestarts(running, restart, at(4, 30), delay);
		expect([0, 100, 200].map((t) => stateAt(restarted, at(4, 30) + t))).toEqual([
			'stopping',
			'starting',
			'running',
		]);
		expect(runningSince(restarted, at(5))).toBe(at(4, 30) + 200);
		expect(withDailyRestarts(running, undefined, at(48), delay)).toBe(running);
	});

	it('restarts once a day however long since the last read, the last one counting', () => {
		const later = withDailyRestarts(running, restart, at(24 * 3 + 5), delay);
		expect(runningSince(later, at(24 * 3 + 5))).toBe(at(24 * 3 + 4, 30) + 200);
		expect(stateAt(later, at(24 * 3 + 4, 30) + 50)).toBe('stopping');
		// Read again later, from what is stored, the answer is the same.
		expect(withDailyRestarts(later, restart, at(24 * 3 + 5), delay)).toBe(later);
	});

	it('leaves a server that is not running at the time, or started since, or before it was set', () => {
		const stopped: Step[] = [
			{ at: at(1), state: 'running' },
			{ at: at(2), state: 'offline' },
		];
		expect(withDailyRestarts(stopped, restart, at(6), delay)).toBe(stopped);
		const startedAfter: Step[] = [{ at: at(5), state: 'running' }];
		expect(withDailyRestarts(startedAfter, restart, at(6), delay)).toBe(startedAfter);
		expect(withDailyRestarts(installTimeline(at(4), delay), restart, at(6), delay)).toEqual(
			installTimeline(at(4), delay),
		);
		const setLate = { ...restart, since: at(4, 31) };
		expect(withDailyRestarts(running, setLate, at(6), delay)).toBe(running);
		expect(runningSince(withDailyRestarts(running, setLate, at(29), delay), at(29))).toBe(
			at(28, 30) + 200,
		);
	});

	it('with no delay, is running again at the restart time', () => {
		const restarted = withDailyRestarts(running, restart, at(5), 0);
		expect(stateAt(restarted, at(4, 30))).toBe('running');
		expect(runningSince(restarted, at(5))).toBe(at(4, 30));
	});
});
