import { describe, expect, it } from 'vitest';
import { readMetrics } from './proxmox-metrics';

// Proxmox's rrddata holds a fixed window: for a machine younger than the window, the intervals
// before it existed come as rows with only `time` (the RRD's unknown values left out). The graphs
// start when the machine did; an interval without data later on (the node was down) stays a gap.

const ref = { node: 'pve1', vmid: 301 };
const data = (time: number) => ({
	time,
	cpu: 0.2,
	maxcpu: 1,
	mem: 1e9,
	maxmem: 2e9,
	diskread: 1,
	diskwrite: 2,
	netin: 3,
	netout: 4,
});

describe('the Proxmox usage series', () => {
	it('starts with the first interval the machine had data, and keeps later gaps', async () => {
		const rows = [{ time: 0 }, { time: 60 }, data(120), { time: 180 }, data(240)];
		const seen: unknown[] = [];
		const series = await readMetrics(
			(method, path, params) => {
				seen.push([method, path, params]);
				return Promise.resolve([...rows].reverse());
			},
			ref,
			'hour',
		);
		expect(seen).toEqual([
			['GET', '/nodes/pve1/qemu/301/rrddata', { timeframe: 'hour', cf: 'AVERAGE' }],
		]);
		expect(series.map((p) => p.time)).toEqual([120, 180, 240]);
		expect(series[1]).toMatchObject({ time: 180, cpu: null, netOutBps: null });
		expect(series[0]).toMatchObject({ cpu: 0.2, memoryBytes: 1e9, memoryTotalBytes: 2e9 });
	});

	it('is empty for a machine with no data yet', async () => {
		const series = await readMetrics(
			() => Promise.resolve([{ time: 0 }, { time: 60 }]),
			ref,
			'hour',
		);
		expect(series).toEqual([]);
	});
});
