import { vpsImages } from '../../lib/vps/images';
import type { ProxmoxConfig } from './config';
import type { Call } from './proxmox-http';
import { readConfig } from './proxmox-machine';
import {
	nodeListSchema,
	nodeStatusSchema,
	nodeVmsSchema,
	read,
	storageStatusSchema,
} from './proxmox-schemas';
import type { Resources } from './types';

// What a node can still take, by our over-commit rules, from what Proxmox says of the node:
//   cores  = the host's threads × PROXMOX_CPU_OVERCOMMIT − the vCPUs every machine is configured with
//   memory = the host's memory − PROXMOX_MEMORY_RESERVE_GB − the memory every machine is configured
//            with (configured, not used: a stopped machine's memory is still promised to it)
//   disk   = the least, over the storages holding the catalogue's templates on the node (where a
//            linked clone's disk lands), of what is free there and of its size less every
//            machine's boot disk (thin storage fills as promised disks are written)
// Templates count for disk but not for cores or memory (they never run). A node that is not
// online, or has none of the catalogue's templates, has no room.

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;
export const DEFAULT_CPU_OVERCOMMIT = 2;
export const DEFAULT_MEMORY_RESERVE_GB = 4;
const NONE: Resources = { cores: 0, memoryMb: 0, diskGb: 0 };
/** Where templates live changes only when an operator moves them: read again after this. */
const storageTtlMs = 10 * 60_000;

/** Proxmox's booleans: 1, sometimes '1' or true. */
const flag = (value: unknown) => value === 1 || value === '1' || value === true;

export function proxmoxRoom(
	call: Call,
	config: Pick<ProxmoxConfig, 'cpuOvercommit' | 'memoryReserveGb'>,
	now: () => number = Date.now,
) {
	const storages = new Map<string, { names: string[]; at: number }>();

	/** The storages of the node's catalogue templates (`local-zfs` of `local-zfs:base-…`). */
	async function templateStorages(node: string): Promise<string[]> {
		const known = storages.get(node);
		if (known && now() - known.at < storageTtlMs) return known.names;
		const templates = vpsImages.flatMap((image) => image.templates[node] ?? []);
		const configs = await Promise.all(templates.map((vmid) => readConfig(call, { node, vmid })));
		const names = [...new Set(configs.flatMap((c) => c.scsi0?.split(':')[0] ?? []))];
		storages.set(node, { names, at: now() });
		return names;
	}

	async function diskGb(node: string, committed: number): Promise<number> {
		const names = await templateStorages(node);
		if (names.length === 0) return 0;
		const free = await Promise.all(
			names.map(async (storage) => {
				const answer = await call('GET', `/nodes/${node}/storage/${storage}/status`);
				const status = read(storageStatusSchema, answer, `storage ${storage} on ${node}`);
				if (!flag(status.active)) return 0;
				return Math.min(status.avail ?? 0, (status.total ?? 0) - committed);
			}),
		);
		return Math.floor(Math.min(...free) / GiB);
	}

	return async function room(node: string): Promise<Resources> {
		const nodes = read(nodeListSchema, await call('GET', '/nodes'), 'nodes');
		if (nodes.find((n) => n.node === node)?.status !== 'online') return NONE;
		if (!vpsImages.some((image) => image.templates[node] !== undefined)) return NONE;
		const [status, vms] = await Promise.all([
			call('GET', `/nodes/${node}/status`).then((a) => read(nodeStatusSchema, a, `${node} status`)),
			call('GET', `/nodes/${node}/qemu`).then((a) => read(nodeVmsSchema, a, `machines on ${node}`)),
		]);
		const machines = vms.filter((vm) => !flag(vm.template));
		const sum = (values: (number | undefined)[]) =>
			values.reduce<number>((t, v) => t + (v ?? 0), 0);
		const ratio = config.cpuOvercommit ?? DEFAULT_CPU_OVERCOMMIT;
		const reserveMb = (config.memoryReserveGb ?? DEFAULT_MEMORY_RESERVE_GB) * 1024;
		const cores = Math.floor(status.cpuinfo.cpus * ratio) - sum(machines.map((vm) => vm.cpus));
		const memoryMb =
			Math.floor(status.memory.total / MiB) -
			reserveMb -
			sum(machines.map((vm) => vm.maxmem)) / MiB;
		const disk = await diskGb(node, sum(vms.map((vm) => vm.maxdisk)));
		return {
			cores: Math.max(0, cores),
			memoryMb: Math.max(0, Math.floor(memoryMb)),
			diskGb: Math.max(0, disk),
		};
	};
}
