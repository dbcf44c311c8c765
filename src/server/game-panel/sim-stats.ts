import type { ConsoleStats } from '../../lib/domain/game-console-event';
import type { SimContext } from './sim-context';
import type { SimServer } from './sim-store';
import { stateAt, statusAt } from './sim-timeline';
import { treeBytes } from './sim-tree';

// Wings' `stats` sample for a simulated server: memory and CPU as the timeline's usage (with a
// little movement, so a live graph looks alive), traffic growing with uptime, the real size of
// its files on disk.

const GiB = 1024 ** 3;

export function consoleStats(
	context: SimContext,
	server: SimServer,
	root: string,
	at: number,
): ConsoleStats {
	const timeline = context.timelineAt(server, at);
	const usage = statusAt(timeline, server.suspended, server.build, at).resources;
	const uptime = usage?.uptimeMs ?? 0;
	const wobble = uptime > 0 ? Math.sin(at / 7000) * 4 : 0;
	const seconds = uptime / 1000;
	return {
		memory_bytes: usage?.memoryBytes ?? 0,
		memory_limit_bytes: Math.round(server.build.ramGb * GiB),
		cpu_absolute: Math.round(((usage?.cpuPercent ?? 0) + wobble) * 1000) / 1000,
		network: { rx_bytes: Math.round(seconds * 5200), tx_bytes: Math.round(seconds * 8100) },
		uptime,
		state: server.suspended ? 'offline' : stateAt(timeline, at),
		disk_bytes: treeBytes(root),
	};
}
