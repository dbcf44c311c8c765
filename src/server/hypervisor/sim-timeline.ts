import type { SimMachine, SimStep } from './sim-store';
import type { MachineState, PowerAction } from './types';

// How a simulated machine moves: every change plans its next states a delay apart, as Proxmox's
// tasks take their time; reading the state picks the step whose time has come.

type Step = SimStep['state'];

export function stateAt(machine: SimMachine, now: number): Step {
	let current = machine.timeline[0]?.state ?? 'stopped';
	for (const step of machine.timeline) if (step.at <= now) current = step.state;
	return current;
}

/** The state the port reports: a suspended machine is `suspended` once it stopped. */
export function reported(machine: SimMachine, now: number): MachineState {
	const step = stateAt(machine, now);
	return machine.suspended && step === 'stopped' ? 'suspended' : step;
}

function plan(now: number, delayMs: number, states: readonly Step[]): SimStep[] {
	return states.map((state, i) => ({ at: now + i * delayMs, state }));
}

/** A fresh clone: locked while cloning, then stopped, started, running. */
export function cloneTimeline(now: number, delayMs: number): SimStep[] {
	return plan(now, delayMs, ['cloning', 'stopped', 'starting', 'running']);
}

/**
 * The states a power action leads through from `current` (already there: none); null when
 * Proxmox refuses it (rebooting a machine that is not running).
 */
export function powerTimeline(
	current: Step,
	action: PowerAction,
	now: number,
	delayMs: number,
): SimStep[] | null {
	const up = current === 'running' || current === 'starting';
	switch (action) {
		case 'start':
			return up ? [] : plan(now, delayMs, ['starting', 'running']);
		case 'stop':
			// A hard stop pulls the plug: stopped at once.
			return up || current === 'stopping' ? plan(now, 0, ['stopped']) : [];
		case 'shutdown':
			return up ? plan(now, delayMs, ['stopping', 'stopped']) : [];
		case 'reboot':
			return up ? plan(now, delayMs, ['stopping', 'starting', 'running']) : null;
		case 'reset':
			// The reset button: no shutdown, straight back to booting.
			return up ? plan(now, delayMs, ['starting', 'running']) : null;
	}
}

/** Seconds since the machine reached `running`, while it is running. */
export function uptimeAt(machine: SimMachine, now: number): number | undefined {
	if (stateAt(machine, now) !== 'running') return undefined;
	const since = machine.timeline.filter((s) => s.state === 'running' && s.at <= now).at(-1);
	return since ? Math.floor((now - since.at) / 1000) : undefined;
}
