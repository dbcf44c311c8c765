import { mkdtemp } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll } from 'vitest';
import { createProxmox } from '../../../src/server/hypervisor/proxmox.ts';
import { createSimulatedHypervisor } from '../../../src/server/hypervisor/simulated.ts';
import { loadMachines } from '../../../src/server/hypervisor/sim-store.ts';
import type { MachineRef } from '../../../src/server/hypervisor/types.ts';
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
// Proxmox adapter in front of a fake Proxmox that checks requests the way the real one does.

export const fastPolling = { fastMs: 1, slowMs: 1, deadlineMs: 5000 };

let fake: FakeProxmox;
let dir: string;
beforeAll(async () => {
	fake = await startFakeProxmox();
	dir = await mkdtemp(join(tmpdir(), 'hypervisor-'));
});
afterAll(() => fake.close());

const target = { node: fakeNode, template: templateVmid, windowsTemplate: windowsTemplateVmid };
let files = 0;
hypervisorContract('simulated, in memory', () =>
	Promise.resolve({
		...target,
		hypervisor: createSimulatedHypervisor({ kind: 'simulated', delayMs: 0 }),
	}),
);
hypervisorContract('simulated, in a file, with delays', () => {
	const file = join(dir, `machines-${++files}.json`);
	return Promise.resolve({
		...target,
		hypervisor: createSimulatedHypervisor({ kind: 'simulated', delayMs: 5, file }),
		identity: (ref: MachineRef) => {
			const machine = loadMachines(file).machines.find((m) => m.vmid === ref.vmid);
			return machine && { hostname: machine.hostname, ipv4: machine.ip.ipv4?.address ?? '' };
		},
	});
});
hypervisorContract('Proxmox', () => {
	fake.reset();
	return Promise.resolve({
		...target,
		hypervisor: createProxmox(
			{ kind: 'proxmox', url: fake.url, tokenId: fakeTokenId, tokenSecret: fakeTokenSecret },
			{ polling: fastPolling },
		),
		identity: (ref: MachineRef) => {
			const config = fake.vms.get(ref.vmid)?.config;
			const ipv4 = /(?:^|,)ip=([^/,]+)/.exec(config?.ipconfig0 ?? '')?.[1] ?? '';
			return config && { hostname: config.name ?? '', ipv4 };
		},
	});
});
