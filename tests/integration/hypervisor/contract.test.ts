import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createProxmox } from '../../../src/server/hypervisor/proxmox.ts';
import type { ProxmoxConfig } from '../../../src/server/hypervisor/config.ts';
import { createSimulatedHypervisor } from '../../../src/server/hypervisor/simulated.ts';
import { loadMachines } from '../../../src/server/hypervisor/sim-store.ts';
import type { MachineRef, Resources } from '../../../src/server/hypervisor/types.ts';
import { diskBytes } from './fake-proxmox-nodes.ts';
import { fakeProxmoxVersions } from './fake-proxmox-console.ts';
import {
	fakeNode,
	fakeTokenId,
	fakeTokenSecret,
	startFakeProxmox,
	templateVmid,
	windowsTemplateVmid,
	type FakeProxmox,
} from './fake-proxmox.ts';
import { hypervisorContract } from './suite.ts';

// One contract, both implementations: the simulation (in memory and in a state file) and the
// Proxmox adapter in front of a fake Proxmox that checks requests the way the real one does, as
// each release whose answers differ (PVE 8.2, 9.0, 9.1 before and after qemu-server 9.1.7).

export const fastPolling = { fastMs: 1, slowMs: 1, deadlineMs: 5000 };

const fakes = new Map<string, FakeProxmox>();
let dir: string;
beforeAll(async () => {
	for (const version of fakeProxmoxVersions)
		fakes.set(version, await startFakeProxmox({ version }));
	dir = await mkdtemp(join(tmpdir(), 'hypervisor-'));
});
afterAll(() => Promise.all([...fakes.values()].map((fake) => fake.close())));

const target = { node: fakeNode, template: templateVmid, windowsTemplate: windowsTemplateVmid };
let files = 0;
const capacity = (room: Resources) => ({ capacity: { [fakeNode]: room } });
hypervisorContract('simulated, in memory', () =>
	Promise.resolve({
		...target,
		hypervisor: createSimulatedHypervisor({ kind: 'simulated', delayMs: 0 }),
		withRoom: (room) =>
			createSimulatedHypervisor({ kind: 'simulated', delayMs: 0, ...capacity(room) }),
	}),
);
hypervisorContract('simulated, in a file, with delays', () => {
	const file = join(dir, `machines-${++files}.json`);
	return Promise.resolve({
		...target,
		hypervisor: createSimulatedHypervisor({ kind: 'simulated', delayMs: 5, file }),
		withRoom: (room) =>
			createSimulatedHypervisor({ kind: 'simulated', delayMs: 5, file, ...capacity(room) }),
		identity: (ref: MachineRef) => {
			const machine = loadMachines(file).machines.find((m) => m.vmid === ref.vmid);
			return machine && { hostname: machine.hostname, ipv4: machine.ip.ipv4?.address ?? '' };
		},
	});
});
for (const version of fakeProxmoxVersions)
	hypervisorContract(`Proxmox VE ${version}`, () => {
		const fake = fakes.get(version)!;
		fake.reset();
		const config: ProxmoxConfig = {
			...{ kind: 'proxmox', url: fake.url, tokenId: fakeTokenId, tokenSecret: fakeTokenSecret },
			...{ cpuOvercommit: 1, memoryReserveGb: 0 },
		};
		return Promise.resolve({
			...target,
			hypervisor: createProxmox(config, { polling: fastPolling }),
			withRoom(room) {
				// Empty but for the templates, which take disk only (they never run).
				const node = fake.nodes.get(fakeNode)!;
				const templates = [...fake.vms.values()].filter((vm) => vm.node === fakeNode);
				const used = templates.reduce((t, vm) => t + diskBytes(vm.config.scsi0), 0);
				node.cpus = room.cores;
				node.memoryBytes = room.memoryMb * 1024 ** 2;
				node.storage.totalBytes = used + room.diskGb * 1024 ** 3;
				return createProxmox(config, { polling: fastPolling });
			},
			identity: (ref: MachineRef) => {
				const config = fake.vms.get(ref.vmid)?.config;
				const ipv4 = /(?:^|,)ip=([^/,]+)/.exec(config?.ipconfig0 ?? '')?.[1] ?? '';
				return config && { hostname: config.name ?? '', ipv4 };
			},
		});
	});
