import type { PterodactylConfig } from './config';
import { GamePanelConfigError, GamePanelError } from './errors';
import { toMiB } from './input';
import type { PanelHttp } from './pterodactyl-http';
import { panelLocationIds } from './pterodactyl-room';
import { allocationListSchema, eggSchema, nodeRoomSchema } from './pterodactyl-schemas';
import type { LocationId } from '../../lib/domain/location';

// What POST /servers needs besides the owner (pterodactyl-users.ts), as Paymenter gathers it: the
// egg's image, startup and variables, where the server goes, and its limits.

/** A game's egg as PTERODACTYL_EGGS names it, read from the panel with its variables. */
export async function readEgg(http: PanelHttp, config: PterodactylConfig, game: string) {
	const egg = config.eggs[game as keyof PterodactylConfig['eggs']];
	if (!egg) throw new GamePanelConfigError(`PTERODACTYL_EGGS has no egg for ${game}`);
	const path = `/nests/${egg.nest}/eggs/${egg.egg}?include=variables`;
	const { attributes } = await http.get('application', path, eggSchema);
	const images = attributes.docker_images ?? {};
	const image = egg.dockerImage ?? attributes.docker_image ?? Object.values(images)[0];
	if (!image) throw new GamePanelConfigError(`Egg ${egg.egg} (${game}) has no Docker image`);
	const variables = attributes.relationships.variables.data.map(({ attributes: v }) => v);
	const defaults = variables.map((v) => [v.env_variable, v.default_value] as const);
	const environment = { ...Object.fromEntries(defaults), ...egg.environment };
	return { ...egg, image, images, startup: attributes.startup, variables, environment };
}

export async function eggTemplate(http: PanelHttp, config: PterodactylConfig, game: string) {
	const egg = await readEgg(http, config, game);
	return {
		egg: egg.egg,
		docker_image: egg.image,
		startup: egg.startup,
		environment: egg.environment,
	};
}

/** Where the server goes: a node of the location's panel locations (deploy), or the one node. */
export async function placement(http: PanelHttp, config: PterodactylConfig, location: LocationId) {
	const place = config.placement;
	const locations = panelLocationIds(location);
	if (place.strategy === 'deploy')
		return { deploy: { locations, dedicated_ip: false, port_range: place.portRanges } };
	// One node serves one location: never a server sold as Frankfurt on a node elsewhere.
	const node = await http.get('application', `/nodes/${place.nodeId}`, nodeRoomSchema);
	if (!locations.includes(node.attributes.location_id))
		throw new GamePanelConfigError(
			`PTERODACTYL_NODE_ID ${place.nodeId} is in panel location ${node.attributes.location_id}, not one of ${location}'s (${locations.join(', ')})`,
		);
	for (let page = 1; ; page++) {
		const path = `/nodes/${place.nodeId}/allocations?per_page=100&page=${page}`;
		const answer = await http.get('application', path, allocationListSchema);
		const free = answer.data.find((allocation) => allocation.attributes.assigned === false);
		if (free) return { allocation: { default: free.attributes.id } };
		if (page >= (answer.meta?.pagination.total_pages ?? 1))
			throw new GamePanelError(`Node ${place.nodeId} has no free allocation (port) left`, {
				code: 'NoViableAllocationException',
			});
	}
}

export function limits(ramGb: number, storageGb: number, cpuPercent: number) {
	// Swap off and the panel's usual IO weight: game servers that swap lag for every player.
	return {
		memory: toMiB(ramGb),
		swap: 0,
		disk: toMiB(storageGb),
		io: 500,
		cpu: cpuPercent,
		threads: null,
	};
}
