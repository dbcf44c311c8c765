import type { SimMachine } from './sim-store';
import { stateAt } from './sim-timeline';
import type { MetricPoint, MetricsTimeframe } from './types';

// Plausible usage for a simulated machine, the same on every read: a daily rhythm plus noise
// seeded by the VMID and the point's time, zero traffic while it was off, no points before it was
// cloned (a new machine has no day of history, however often it was started and stopped since).
// Proxmox's windows: 70 points a minute apart for the hour, 30 minutes apart for the day.

export const stepSeconds: Record<MetricsTimeframe, number> = { hour: 60, day: 1800 };
const points = 70;

/** A number in [0, 1) from the VMID and a time: deterministic noise. */
function noise(vmid: number, time: number, salt: number): number {
	let x = (vmid * 374_761_393 + time * 668_265_263 + salt * 2_147_483_647) | 0;
	x = Math.imul(x ^ (x >>> 13), 1_274_126_177);
	return ((x ^ (x >>> 16)) >>> 0) / 4_294_967_296;
}

/**
 * Whether the machine ran at the end of the interval from `time` (seconds) to `end` (ms): no data
 * for an interval over before its (last) clone began; before the plan of its last power action,
 * it ran.
 */
function runningAt(machine: SimMachine, end: number): boolean | null {
	const first = machine.timeline[0];
	const cloned = machine.clonedAt ?? (first?.state === 'cloning' ? first.at : -Infinity);
	if (end < cloned) return null;
	if (first && end < first.at) return true;
	return stateAt(machine, end) === 'running';
}

export function simulatedMetrics(
	machine: SimMachine,
	timeframe: MetricsTimeframe,
	now: number,
): MetricPoint[] {
	const step = stepSeconds[timeframe];
	const last = Math.floor(now / 1000 / step) * step;
	const memoryTotalBytes = machine.memoryMb * 1024 * 1024;
	const series: MetricPoint[] = [];
	for (let i = points - 1; i >= 0; i--) {
		const time = last - i * step;
		const running = runningAt(machine, Math.min(now, (time + step) * 1000));
		if (running === null) continue;
		const day = 0.5 + 0.5 * Math.sin((2 * Math.PI * (time % 86_400)) / 86_400);
		const n = (salt: number) => noise(machine.vmid, time, salt);
		series.push({
			time,
			cpu: running ? Math.min(1, 0.03 + 0.25 * day + 0.15 * n(1)) : 0,
			memoryBytes: running ? Math.round(memoryTotalBytes * (0.35 + 0.15 * day + 0.1 * n(2))) : 0,
			memoryTotalBytes,
			diskReadBps: running ? Math.round(2e5 * (day + n(3))) : 0,
			diskWriteBps: running ? Math.round(4e5 * (day + n(4))) : 0,
			netInBps: running ? Math.round(1.5e5 * (day + n(5))) : 0,
			netOutBps: running ? Math.round(6e5 * (day + n(6))) : 0,
		});
	}
	return series;
}
