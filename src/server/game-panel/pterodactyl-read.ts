import { GamePanelError } from './errors';
import { toGb } from './input';
import type { ServerAttributes, statsSchema } from './pterodactyl-schemas';
import type { z } from 'zod';
import type { PanelServer, ServerState, ServerStatus } from './types';

// The panel's server and stats objects in the port's terms.

export function toPanelServer(server: ServerAttributes): PanelServer {
	const primary = server.relationships?.allocations?.data.find(
		({ attributes }) => attributes.id === server.allocation,
	)?.attributes;
	if (!primary) throw new GamePanelError(`Server ${server.id} came back without its allocation`);
	return {
		panelServerId: server.id,
		identifier: server.identifier,
		address: { host: primary.alias || primary.ip, port: primary.port },
		build: {
			ramGb: toGb(server.limits.memory),
			storageGb: toGb(server.limits.disk),
			cpuPercent: server.limits.cpu,
		},
	};
}

/**
 * What the application API alone says for sure: installing, failed, suspended. Null for a normal
 * server, whose process state only the node knows (client API, which answers 409 in the others).
 */
export function panelStatus(server: ServerAttributes): ServerState | null {
	if (server.status === 'suspended' || server.suspended) return 'suspended';
	if (server.status === 'install_failed' || server.status === 'reinstall_failed')
		return 'install_failed';
	// installing, restoring_backup, or a newer status: busy, not ours to power.
	return server.status ? 'installing' : null;
}

const POWER_STATES: Record<string, ServerState> = {
	offline: 'offline',
	starting: 'starting',
	running: 'running',
	stopping: 'stopping',
};

export function toStatus({ attributes }: z.infer<typeof statsSchema>): ServerStatus {
	const r = attributes.resources;
	return {
		// Wings' own words; anything else (the panel's "stopped" fallback) means not running.
		state: POWER_STATES[attributes.current_state ?? ''] ?? 'offline',
		resources: {
			memoryBytes: r.memory_bytes,
			cpuPercent: r.cpu_absolute,
			diskBytes: r.disk_bytes,
			uptimeMs: r.uptime,
		},
	};
}
