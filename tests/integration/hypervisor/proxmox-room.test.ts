import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { findVpsImage } from '../../../src/lib/vps/images.ts';
import { HypervisorError, HypervisorNoRoomError } from '../../../src/server/hypervisor/errors.ts';
import { createProxmox } from '../../../src/server/hypervisor/proxmox.ts';
import type { ProxmoxConfig } from '../../../src/server/hypervisor/config.ts';
import {
	fakeTokenId,
	fakeTokenSecret,
	startFakeProxmox,
	type FakeProxmox,
} from './fake-proxmox.ts';
import { specFor } from './suite.ts';

// The room Proxmox's nodes have by our rules (proxmox-room.ts): threads times the CPU over-commit,
// memory less the host's reserve, both less what every machine is configured with; disk the least
// of what the template storage has free and what it has not promised; nothing on a node that is
// offline or unknown.

const polling = { fastMs: 1, slowMs: 1, deadlineMs: 5000 };
const GiB = 1024 ** 3;

let fake: FakeProxmox;
beforeAll(async () => (fake = await startFakeProxmox()));
afterAll(() => fake.close());
beforeEach(() => {
	fake.reset();
	Object.assign(fake.nodes.get('pve2')!, { cpus: 16, memoryBytes: 64 * GiB });
	fake.nodes.get('pve2')!.storage.totalBytes = 1000 * GiB;
	fake.seen.length = 0;
});

const proxmox = (settings: Partial<ProxmoxConfig> = {}) =>
	createProxmox(
		{
			...{ kind: 'proxmox', url: fake.url, tokenId: fakeTokenId, tokenSecret: fakeTokenSecret },
			...settings,
		},
		{ polling },
	);
const onPve2 = { node: 'pve2', template: findVpsImage('debian-12')!.templates.pve2! };
const reads = () => fake.seen.map((r) => `${r.method} ${r.path}`);

describe("the room on Proxmox's nodes", () => {
	it('counts configured machines against threads × 2 and memory less 4 GB by default', async () => {
		const h = proxmox();
		// Five templates of 2 GB take disk, never cores or memory.
		expect(await h.room('pve2')).toEqual({ cores: 32, memoryMb: 61_440, diskGb: 990 });
		const ref = await h.createMachine(specFor(onPve2, { cores: 4, memoryMb: 8192, diskGb: 100 }));
		// Another machine on the node, not ours and stopped, counts as well.
		fake.vms.set(777, {
			...{ node: 'pve2', template: false, status: 'stopped', createdAt: Date.now() },
			config: {
				name: 'other',
				cores: '2',
				memory: '2048',
				scsi0: 'local-lvm:vm-777-disk-0,size=50G',
			},
		});
		expect(await h.room('pve2')).toEqual({ cores: 26, memoryMb: 51_200, diskGb: 840 });
		await h.destroy(ref);
		expect(await h.room('pve2')).toEqual({ cores: 30, memoryMb: 59_392, diskGb: 940 });
	});

	it('takes the operator’s over-commit and reserve', async () => {
		const h = proxmox({ cpuOvercommit: 1.5, memoryReserveGb: 0 });
		expect(await h.room('pve2')).toMatchObject({ cores: 24, memoryMb: 65_536 });
	});

	it('gives disk as the least of what is free and what is not promised, none while unreachable', async () => {
		const h = proxmox();
		fake.nodes.get('pve2')!.storage.other = 500 * GiB;
		expect(await h.room('pve2')).toMatchObject({ diskGb: 490 });
		fake.nodes.get('pve2')!.storage.active = false;
		expect(await h.room('pve2')).toMatchObject({ diskGb: 0 });
	});

	it('reads where the templates are once, then the node, its machines and that storage', async () => {
		const h = proxmox();
		await h.room('pve2');
		fake.seen.length = 0;
		await h.room('pve2');
		expect(reads().sort()).toEqual([
			'GET /nodes',
			'GET /nodes/pve2/qemu',
			'GET /nodes/pve2/status',
			'GET /nodes/pve2/storage/local-lvm/status',
		]);
	});

	it('has none on a node that is offline, unknown or without the catalogue’s templates', async () => {
		const h = proxmox();
		const none = { cores: 0, memoryMb: 0, diskGb: 0 };
		fake.nodes.get('pve2')!.status = 'offline';
		expect(await h.room('pve2')).toEqual(none);
		expect(reads()).toEqual(['GET /nodes']);
		expect(await h.room('pve9')).toEqual(none);
		fake.nodes.set('pve3', { ...fake.nodes.get('pve1')!, status: 'online' });
		expect(await h.room('pve3')).toEqual(none);
	});

	it('refuses a machine the node has no room for before cloning anything', async () => {
		fake.nodes.get('pve2')!.memoryBytes = 8 * GiB;
		const spec = specFor(onPve2, { cores: 2, memoryMb: 8192, diskGb: 20 });
		const refused = proxmox().createMachine(spec);
		await expect(refused).rejects.toThrow(HypervisorNoRoomError);
		await expect(refused).rejects.toThrow(
			'pve2 has no room for the machine: memoryMb 8192 wanted, 4096 free',
		);
		expect(fake.seen.filter((r) => r.method !== 'GET')).toEqual([]);
		expect(fake.vms.has(spec.vmid)).toBe(false);
	});

	it('refuses an answer that is not a node status, by name', async () => {
		fake.nodes.get('pve2')!.cpus = Number.NaN;
		await expect(proxmox().room('pve2')).rejects.toThrow(HypervisorError);
		await expect(proxmox().room('pve2')).rejects.toThrow(/pve2 status/);
	});
});
