import type { PowerSignal, ServerBuild, ServerStatus } from './types';

// The simulated server's process as a timeline of states with the time each begins, computed when
// read rather than driven by timers: nothing runs between calls, nothing leaks past a test, and the
// timeline can be written to a file and picked up by the next process as it was.

export type ProcessState = 'installing' | 'offline' | 'starting' | 'running' | 'stopping';

export interface Step {
	at: number;
	state: ProcessState;
}

/** The state at `now`: the last step that has begun (the first, if none has). */
export function stateAt(timeline: readonly Step[], now: number): ProcessState {
	let current = timeline[0]?.state ?? 'offline';
	for (const step of timeline) if (step.at <= now) current = step.state;
	return current;
}

/** When the current run began, for uptime; null unless running. */
export function runningSince(timeline: readonly Step[], now: number): number | null {
	const begun = timeline.filter((step) => step.at <= now);
	const last = begun[begun.length - 1];
	return last?.state === 'running' ? last.at : null;
}

export function installTimeline(now: number, delayMs: number): Step[] {
	return [
		{ at: now, state: 'installing' },
		{ at: now + delayMs, state: 'offline' },
	];
}

/**
 * The timeline after a power signal, as the node daemon behaves: start on a running server and
 * stop on a stopped one change nothing, restart of a stopped server just starts it, kill is
 * immediate. Null while installing: the panel refuses power then.
 */
export function afterSignal(
	timeline: Step[],
	signal: PowerSignal,
	now: number,
	delayMs: number,
): Step[] | null {
	const current = stateAt(timeline, now);
	if (current === 'installing') return null;
	const start: Step[] = [
		{ at: now, state: 'starting' },
		{ at: now + delayMs, state: 'running' },
	];
	switch (signal) {
		case 'start':
			return current === 'starting' || current === 'running' ? timeline : start;
		case 'stop':
			return current === 'offline' || current === 'stopping'
				? timeline
				: [
						{ at: now, state: 'stopping' },
						{ at: now + delayMs, state: 'offline' },
					];
		case 'restart':
			return current === 'offline'
				? start
				: [
						{ at: now, state: 'stopping' },
						{ at: now + delayMs, state: 'starting' },
						{ at: now + 2 * delayMs, state: 'running' },
					];
		case 'kill':
			return [{ at: now, state: 'offline' }];
	}
}

const DAY_MS = 24 * 60 * 60 * 1000;

export interface DailyRestart {
	/** UTC, as the port's times are. */
	hour: number;
	minute: number;
	/** When it was set: no restart is due before. */
	since: number;
}

/** The first moment strictly after `after` whose UTC time of day is `hour:minute`. */
export function nextDailyAt(time: { hour: number; minute: number }, after: number): number {
	const day = new Date(after);
	const at = Date.UTC(
		day.getUTCFullYear(),
		day.getUTCMonth(),
		day.getUTCDate(),
		time.hour,
		time.minute,
	);
	return at > after ? at : at + DAY_MS;
}

/**
 * The timeline with the daily restarts due by `now` applied: a restart time that comes after the
 * last step while that step is `running` (and after the restart was set) restarts the server as
 * the restart signal does; a server that is not running is left alone, as the panel's "only when
 * online" schedule leaves it. Computed on read like the rest, so nothing needs storing; the
 * simulation stores the result only when something else changes the timeline.
 */
export function withDailyRestarts(
	timeline: Step[],
	restart: DailyRestart | undefined,
	now: number,
	delayMs: number,
): Step[] {
	if (!restart) return timeline;
	let current = timeline;
	for (;;) {
		const last = current[current.length - 1];
		if (last?.state !== 'running') return current;
		const at = nextDailyAt(restart, Math.max(last.at, restart.since));
		if (at > now) return current;
		const restarted = afterSignal(current, 'restart', at, delayMs);
		if (!restarted) return current;
		// Its last step is later than `at`, so the next pass looks at a later day.
		current = restarted;
	}
}

const GiB = 1024 ** 3;

/** What the simulated panel reports: suspension first, then the process, with plausible usage. */
export function statusAt(
	timeline: readonly Step[],
	suspended: boolean,
	build: ServerBuild,
	now: number,
): ServerStatus {
	const state = stateAt(timeline, now);
	if (suspended) return { state: 'suspended' };
	if (state === 'installing') return { state };
	const since = runningSince(timeline, now);
	// A warmed-up game server uses about half its memory; the disk holds the game's files.
	return {
		state,
		resources: {
			memoryBytes: since === null ? 0 : Math.round(build.ramGb * GiB * 0.45),
			cpuPercent: since === null ? 0 : 12.5,
			diskBytes: Math.round(Math.min(build.storageGb, 1.5) * GiB),
			uptimeMs: since === null ? 0 : now - since,
		},
	};
}
