import { describe, expect, it } from 'vitest';
import { findVpsImage } from '../../lib/vps/images';
import { readHypervisorConfig } from './config';
import { HypervisorConfigError, HypervisorNoRoomError } from './errors';
import { createSimulatedHypervisor } from './simulated';
import type { MachineSpec } from './types';

// The simulated hypervisor's nodes: each catalogue node has room (HYPERVISOR_SIM_CAPACITY, else
// a generous default) that its machines use up; a node no location lists has none.

let vmid = 400;
const machine = (node: string, cores: number, memoryMb: number, diskGb: number): MachineSpec => ({
	serviceId: `svc${++vmid}`,
	vmid,
	node,
	template: findVpsImage('debian-12')!.templates[node]!,
	hostname: 'vps.frostnode.example',
	...{ cores, memoryMb, diskGb },
	access: { user: 'root', passwordHash: '$6$salt$hash' },
	ip: {},
});

function hypervisor(capacity?: string) {
	const config = readHypervisorConfig({
		HYPERVISOR_SIM_DELAY_MS: '0',
		...(capacity ? { HYPERVISOR_SIM_CAPACITY: capacity } : {}),
	});
	if (config.kind !== 'simulated') throw new Error('expected the simulation');
	return createSimulatedHypervisor(config);
}

describe('the simulated hypervisor’s room', () => {
	it('gives each node of the catalogue room by default, and a node no location lists none', async () => {
		const h = hypervisor();
		for (const node of ['pve1', 'pve2'])
			expect(await h.room(node)).toEqual({ cores: 1024, memoryMb: 4096 * 1024, diskGb: 100_000 });
		expect(await h.room('pve9')).toEqual({ cores: 0, memoryMb: 0, diskGb: 0 });
	});

	it('is used up by machines, refuses one that does not fit, and frees room on destroy', async () => {
		const h = hypervisor('pve2=4:8:100');
		expect(await h.room('pve2')).toEqual({ cores: 4, memoryMb: 8192, diskGb: 100 });
		const first = await h.createMachine(machine('pve2', 2, 4096, 60));
		expect(await h.room('pve2')).toEqual({ cores: 2, memoryMb: 4096, diskGb: 40 });
		const tooBig = machine('pve2', 2, 4096, 50);
		const refused = h.createMachine(tooBig);
		await expect(refused).rejects.toBeInstanceOf(HypervisorNoRoomError);
		await expect(refused).rejects.toThrow(
			'pve2 has no room for the machine: diskGb 50 wanted, 40 free',
		);
		await expect(h.machineState({ node: 'pve2', vmid: tooBig.vmid })).rejects.toThrow(/not exist/);
		// The machine already made for a service is found again, full or not.
		await h.createMachine(machine('pve2', 2, 4096, 40));
		expect(await h.room('pve2')).toEqual({ cores: 0, memoryMb: 0, diskGb: 0 });
		expect(await h.room('pve1')).toMatchObject({ cores: 1024 });
		await h.destroy(first);
		expect(await h.room('pve2')).toEqual({ cores: 2, memoryMb: 4096, diskGb: 60 });
	});

	it('never reports less than nothing after a resize grew past the node', async () => {
		const h = hypervisor('pve1=2:4:50');
		const ref = await h.createMachine(machine('pve1', 2, 2048, 20));
		await h.resize(ref, { cores: 4, memoryMb: 8192, diskGb: 80 });
		expect(await h.room('pve1')).toEqual({ cores: 0, memoryMb: 0, diskGb: 0 });
	});

	it('names a capacity it cannot read', () => {
		for (const bad of ['pve2=4:8', 'pve_2=4:8:100', 'pve2=4:8:1e3'])
			expect(() => readHypervisorConfig({ HYPERVISOR_SIM_CAPACITY: bad })).toThrow(
				HypervisorConfigError,
			);
		expect(readHypervisorConfig({ HYPERVISOR_SIM_CAPACITY: 'pve9=1:2:3' })).toMatchObject({
			capacity: { pve9: { cores: 1, memoryMb: 2048, diskGb: 3 } },
		});
	});
});
