import type { Call } from './proxmox-http';
import { vmPath } from './proxmox-machine';
import { read, rrdSchema } from './proxmox-schemas';
import type { MachineRef, MetricPoint, MetricsTimeframe } from './types';

// A machine's usage from Proxmox's round-robin database, averaged per interval (`cf=AVERAGE`):
// the hour in minutes, the day in half hours. A value Proxmox lacks (NaN, absent) stays null.
// The RRD's window is fixed, so a machine younger than it comes with rows of only `time` for the
// intervals before it existed: those are left out, and the series starts when the machine did.

const orNull = (value: number | undefined) =>
	value === undefined || Number.isNaN(value) ? null : value;

const hasData = (point: MetricPoint) =>
	Object.entries(point).some(([key, value]) => key !== 'time' && value !== null);

export async function readMetrics(
	call: Call,
	ref: MachineRef,
	timeframe: MetricsTimeframe,
): Promise<MetricPoint[]> {
	const answer = await call('GET', `${vmPath(ref)}/rrddata`, { timeframe, cf: 'AVERAGE' });
	const series = read(rrdSchema, answer, 'rrddata')
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
	const first = series.findIndex(hasData);
	return first === -1 ? [] : series.slice(first);
}
