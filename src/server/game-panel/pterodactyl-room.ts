import type { LocationId } from '../../lib/domain/location';
import { findLocation } from '../../lib/locations/catalogue';
import type { PterodactylConfig } from './config';
import { toMiB } from './input';
import type { PanelHttp } from './pterodactyl-http';
import { allocationListSchema, nodeRoomListSchema, type NodeRoom } from './pterodactyl-schemas';
import type { ServerBuild } from './types';

// Whether a location has room, asked the way the panel's deployment decides
// (FindViableNodesService, AllocationSelectionService): a node in one of the location's panel
// locations, public (deployment skips the others), whose servers' memory and disk limits plus the
// new server's stay within its own times 1 + over-allocation/100, and an unassigned port in
// PTERODACTYL_PORT_RANGE on it. A node in maintenance is left out too: the panel would still
// deploy there, but its customers could not use the server until maintenance ends.

/** The catalogue's panel locations of `location`: none where it sells no game servers. */
export function panelLocationIds(location: LocationId): number[] {
	return findLocation(location)?.game?.panelLocationIds ?? [];
}

/**
 * The panel's own rule, over-allocation -1 included: its admin page says -1 turns the check off,
 * but deployment computes the limit as 99 % of the node (FindViableNodesService), and that is
 * what accepts or refuses the server.
 */
export function nodeFits(node: NodeRoom, memoryMiB: number, diskMiB: number): boolean {
	const limit = (total: number, over: number) => total * (1 + over / 100);
	return (
		node.allocated_resources.memory + memoryMiB <= limit(node.memory, node.memory_overallocate) &&
		node.allocated_resources.disk + diskMiB <= limit(node.disk, node.disk_overallocate)
	);
}

export function inPortRanges(port: number, ranges: readonly string[]): boolean {
	if (ranges.length === 0) return true;
	return ranges.some((range) => {
		const [low = NaN, high = low] = range.split('-').map(Number);
		return port >= low && port <= high;
	});
}

async function everyNode(http: PanelHttp): Promise<NodeRoom[]> {
	const nodes: NodeRoom[] = [];
	for (let page = 1; ; page++) {
		const answer = await http.get(
			'application',
			`/nodes?per_page=100&page=${page}`,
			nodeRoomListSchema,
		);
		nodes.push(...answer.data.map((node) => node.attributes));
		if (page >= (answer.meta?.pagination.total_pages ?? 1)) return nodes;
	}
}

/** Whether the node has an unassigned port in the ranges (the panel filters; we check again). */
export async function hasFreePort(http: PanelHttp, node: number, ranges: readonly string[]) {
	for (let page = 1; ; page++) {
		const path = `/nodes/${node}/allocations?filter[server_id]=false&per_page=100&page=${page}`;
		const answer = await http.get('application', path, allocationListSchema);
		const free = answer.data.some(
			({ attributes: a }) => a.assigned === false && inPortRanges(a.port, ranges),
		);
		if (free) return true;
		if (page >= (answer.meta?.pagination.total_pages ?? 1)) return false;
	}
}

export async function pterodactylHasRoom(
	http: PanelHttp,
	config: PterodactylConfig,
	location: LocationId,
	build: Pick<ServerBuild, 'ramGb' | 'storageGb'>,
): Promise<boolean> {
	const ids = panelLocationIds(location);
	if (ids.length === 0) return false;
	const place = config.placement;
	const candidates = (await everyNode(http)).filter(
		(node) =>
			ids.includes(node.location_id) &&
			!node.maintenance_mode &&
			(place.strategy === 'node' ? node.id === place.nodeId : node.public) &&
			nodeFits(node, toMiB(build.ramGb), toMiB(build.storageGb)),
	);
	const ranges = place.strategy === 'deploy' ? place.portRanges : [];
	for (const node of candidates) if (await hasFreePort(http, node.id, ranges)) return true;
	return false;
}
