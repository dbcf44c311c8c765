import type { LocationId } from '../../lib/domain/location';
import { locationsFor } from '../../lib/locations/catalogue';
import type { SimCapacity, SimulatedConfig } from './config';
import type { SimServer } from './sim-store';
import type { ServerBuild } from './types';

// The simulated panel's room per location, as Pterodactyl counts it on a node: the memory and disk
// limits of every server there (suspended ones too) against the location's capacity. Only the
// catalogue's game locations exist here, as only their panel locations have nodes on the real
// panel; GAME_PANEL_SIM_CAPACITY sets some, the rest get a generous default.

export const DEFAULT_SIM_CAPACITY: SimCapacity = { memoryGb: 4096, diskGb: 100_000 };

/** What is left in `location` (never below zero, even after a build grew past it). */
export function roomLeft(
	config: Pick<SimulatedConfig, 'capacity'>,
	servers: readonly SimServer[],
	location: LocationId,
): SimCapacity {
	if (!locationsFor('game').some((offering) => offering.id === location))
		return { memoryGb: 0, diskGb: 0 };
	const total = config.capacity?.[location] ?? DEFAULT_SIM_CAPACITY;
	const there = servers.filter((server) => server.location === location);
	const sum = (pick: (build: ServerBuild) => number) =>
		there.reduce((used, server) => used + pick(server.build), 0);
	return {
		memoryGb: Math.max(0, total.memoryGb - sum((build) => build.ramGb)),
		diskGb: Math.max(0, total.diskGb - sum((build) => build.storageGb)),
	};
}

export function fits(room: SimCapacity, build: Pick<ServerBuild, 'ramGb' | 'storageGb'>): boolean {
	return room.memoryGb >= build.ramGb && room.diskGb >= build.storageGb;
}
