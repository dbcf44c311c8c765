import { describe, expect, it } from 'vitest';
import {
	afterSignal,
	installTimeline,
	runningSince,
	stateAt,
	statusAt,
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
