import { mkdtemp, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findVpsImage } from '../../lib/vps/images';
import { HypervisorConfigError, HypervisorConflictError } from './errors';
import { createSimulatedHypervisor } from './simulated';
import type { MachineSpec } from './types';

// The simulated timeline on a moved clock: cloning, stopped, starting, running a delay apart, and
// the lock Proxmox holds while it clones.

const spec: MachineSpec = {
	serviceId: 'svc1',
	vmid: 300,
	node: 'pve1',
	template: findVpsImage('debian-12')!.templates.pve1!,
	hostname: 'vps.frostnode.example',
	cores: 1,
	memoryMb: 1024,
	diskGb: 10,
	access: { user: 'root', passwordHash: '$6$salt$hash' },
	ip: {},
};

describe('the simulated hypervisor', () => {
	it('moves a new machine through cloning, stopped, starting, running', async () => {
		let now = 1_000;
		const h = createSimulatedHypervisor({ kind: 'simulated', delayMs: 100 }, () => now);
		const ref = await h.createMachine(spec);
		const seen = [];
		for (const at of [1_000, 1_100, 1_200, 1_300]) {
			now = at;
			seen.push((await h.machineState(ref)).state);
		}
		expect(seen).toEqual(['cloning', 'stopped', 'starting', 'running']);
	});

	it('refuses changes while cloning, as Proxmox does under its clone lock', async () => {
		const h = createSimulatedHypervisor({ kind: 'simulated', delayMs: 100 }, () => 0);
		const ref = await h.createMachine(spec);
		expect(await h.machineState(ref)).toMatchObject({ state: 'cloning', lock: 'clone' });
		await expect(h.power(ref, 'start')).rejects.toThrow(/locked \(clone\)/);
		await expect(h.destroy(ref)).rejects.toThrow(HypervisorConflictError);
	});

	it('shuts down through stopping', async () => {
		let now = 0;
		const h = createSimulatedHypervisor({ kind: 'simulated', delayMs: 100 }, () => now);
		const ref = await h.createMachine(spec);
		now = 300;
		await h.power(ref, 'shutdown');
		expect((await h.machineState(ref)).state).toBe('stopping');
		now = 400;
		expect((await h.machineState(ref)).state).toBe('stopped');
	});

	it('shares its machines through the state file, and refuses a file that is not one', async () => {
		const dir = await mkdtemp(join(tmpdir(), 'hypervisor-sim-'));
		const file = join(dir, 'machines.json');
		const config = { kind: 'simulated' as const, delayMs: 0, file };
		const ref = await createSimulatedHypervisor(config).createMachine(spec);
		expect((await createSimulatedHypervisor(config).machineState(ref)).state).toBe('running');
		await writeFile(file, '{"servers":[]}');
		await expect(createSimulatedHypervisor(config).probe()).rejects.toThrow(HypervisorConfigError);
	});
});
