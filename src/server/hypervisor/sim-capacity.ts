import { locationOfNode } from '../../lib/locations/catalogue';
import type { SimulatedConfig } from './config';
import type { SimMachine } from './sim-store';
import type { Resources } from './types';

// The simulated hypervisor's room per node: the node's capacity less what its machines were given
// (suspended and stopped ones too: their memory and disk stay theirs). A node of the catalogue
// has a generous default unless HYPERVISOR_SIM_CAPACITY names it; a node no location lists does
// not exist, so it has none.

export const DEFAULT_NODE_CAPACITY: Resources = {
	cores: 1024,
	memoryMb: 4096 * 1024,
	diskGb: 100_000,
};
const NONE: Resources = { cores: 0, memoryMb: 0, diskGb: 0 };

export function nodeCapacity(config: Pick<SimulatedConfig, 'capacity'>, node: string): Resources {
	return config.capacity?.[node] ?? (locationOfNode(node) ? DEFAULT_NODE_CAPACITY : NONE);
}

/** What `node` can still take, never below zero (a resize may have grown past it). */
export function roomOn(
	config: Pick<SimulatedConfig, 'capacity'>,
	machines: readonly SimMachine[],
	node: string,
): Resources {
	const total = nodeCapacity(config, node);
	const there = machines.filter((machine) => machine.node === node);
	const left = (key: keyof Resources) =>
		Math.max(0, total[key] - there.reduce((used, machine) => used + machine[key], 0));
	return { cores: left('cores'), memoryMb: left('memoryMb'), diskGb: left('diskGb') };
}
