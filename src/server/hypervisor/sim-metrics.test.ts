import { describe, expect, it } from 'vitest';
import { findVpsImage } from '../../lib/vps/images';
import { createSimulatedHypervisor } from './simulated';
import type { MachineSpec } from './types';

// The simulated graphs begin when the machine was made, however often it was started and stopped
// since: a VPS made ten minutes ago has no day of history.

const spec: MachineSpec = {
	serviceId: 'svc-metrics',
	vmid: 310,
	node: 'pve1',
	template: findVpsImage('debian-12')!.templates.pve1!,
	hostname: 'vps.frostnode.example',
	cores: 1,
	memoryMb: 1024,
	diskGb: 10,
	access: { user: 'root', passwordHash: '$6$salt$hash' },
	ip: {},
};

const minute = 60_000;

describe('the simulated usage series', () => {
	it('starts at the machine’s creation, after power actions too', async () => {
		const created = Date.parse('2026-12-07T12:00:30Z');
		let now = created;
		const h = createSimulatedHypervisor({ kind: 'simulated', delayMs: 1000 }, () => now);
		const ref = await h.createMachine(spec);
		now += 2 * minute;
		await h.power(ref, 'stop');
		now += 3 * minute;
		await h.power(ref, 'start');
		now += 5 * minute;
		for (const [timeframe, step] of [
			['hour', 60],
			['day', 1800],
		] as const) {
			const series = await h.metrics(ref, timeframe);
			const first = series[0]!.time;
			// The first interval is the one the machine was made in; none before it.
			expect(first * 1000).toBeLessThanOrEqual(created);
			expect((first + step) * 1000).toBeGreaterThan(created);
			expect(series.at(-1)!.time * 1000).toBeLessThanOrEqual(now);
		}
		expect((await h.metrics(ref, 'hour')).length).toBe(11);
		expect((await h.metrics(ref, 'day')).length).toBe(1);
	});

	it('shows the stopped minutes as no use and the running ones as use', async () => {
		let now = Date.parse('2026-12-07T12:00:00Z');
		const h = createSimulatedHypervisor({ kind: 'simulated', delayMs: 0 }, () => now);
		const ref = await h.createMachine(spec);
		now += 5 * minute;
		await h.power(ref, 'stop');
		now += 5 * minute;
		const series = await h.metrics(ref, 'hour');
		expect(series.at(-1)!.cpu).toBe(0);
		expect(series[2]!.cpu).toBeGreaterThan(0);
	});
});
