// Which power controls a VPS's page offers, and why one is not: the customer always learns the
// reason (suspended, being installed, already stopped) instead of meeting a dead button.

import type { VpsPowerAction } from '../domain/power';

export { vpsPowerActions, type VpsPowerAction } from '../domain/power';

/** What the page shows: the machine's state, or the service's when it has none to act on. */
export type VpsShownState =
	| 'running'
	| 'stopped'
	| 'starting'
	| 'stopping'
	| 'suspended'
	| 'installing'
	| 'ended'
	| 'unknown';

export type PowerBlock =
	'suspended' | 'installing' | 'ended' | 'stopped' | 'running' | 'busy' | 'unknown';

/** Seconds the page waits for a shutdown (ACPI) before it stops the machine hard. */
export const shutdownGraceSeconds = 60;

/** Null when `action` may be sent in `state`, else why not. */
export function powerBlock(state: VpsShownState, action: VpsPowerAction): PowerBlock | null {
	switch (state) {
		case 'suspended':
		case 'installing':
		case 'ended':
		case 'unknown':
			return state;
		case 'stopped':
			return action === 'start' ? null : 'stopped';
		case 'running':
			return action === 'start' ? 'running' : null;
		case 'starting':
		case 'stopping':
			// A hard stop is always possible on a machine that is on; the rest wait for it to settle.
			return action === 'stop' ? null : 'busy';
	}
}

/** The state a power action leads to: what the page polls for. */
export function powerTarget(action: VpsPowerAction): 'running' | 'stopped' {
	return action === 'shutdown' || action === 'stop' ? 'stopped' : 'running';
}
