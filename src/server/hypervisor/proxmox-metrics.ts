import type { Call } from './proxmox-http';
import { vmPath } from './proxmox-machine';
import { read, rrdSchema } from './proxmox-schemas';
import type { MachineRef, MetricPoint, MetricsTimeframe } from './types';

// A machine's usage from Proxmox's round-robin database, averaged per interval (`cf=AVERAGE`):
// the hour in minutes, the day in half hours. A value Proxmox lacks (NaN, absent) stays null.

const orNull = (value: number | undefined) =>
	value === undefined || Number.isNaN(value) ? null : value;

export async function readMetrics(
	call: Call,
	ref: MachineRef,
	timeframe: MetricsTimeframe,
): Promise<MetricPoint[]> {
	const answer = await call('GET', `${vmPath(ref)}/rrddata`, { timeframe, cf: 'AVERAGE' });
	return read(rrdSchema, answer, 'rrddata')
		.map((row) => ({
			time: row.time,
			cpu: orNull(row.cpu),
			memoryBytes: orNull(row.mem),
			memoryTotalBytes: orNull(row.maxmem),
			diskReadBps: orNull(row.diskread),
			diskWriteBps: orNull(row.diskwrite),
			netInBps: orNull(row.netin),
			netOutBps: orNull(row.netout),
		}))
		.sort((a, b) => a.time - b.time);
}
