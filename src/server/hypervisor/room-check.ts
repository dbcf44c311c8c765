import { HypervisorNoRoomError } from './errors';
import type { Resources } from './types';

/**
 * Refuses a new machine the node's room cannot take, naming what is short: both implementations
 * ask before they make anything, so nothing is half made on a full node.
 */
export function claimRoom(room: Resources, wanted: Resources, node: string): void {
	const short = shortOf(room, wanted);
	if (short.length)
		throw new HypervisorNoRoomError(
			`${node} has no room for the machine: ${short
				.map((key) => `${key} ${wanted[key]} wanted, ${room[key]} free`)
				.join(', ')}`,
		);
}

/** What `room` lacks for `wanted`: none when a machine of that size fits. */
export function shortOf(room: Resources, wanted: Resources): (keyof Resources)[] {
	const keys: (keyof Resources)[] = ['cores', 'memoryMb', 'diskGb'];
	return keys.filter((key) => wanted[key] > room[key]);
}
