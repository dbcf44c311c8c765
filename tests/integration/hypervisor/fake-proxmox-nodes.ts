// The fake Proxmox's nodes and what they hold: each node's threads and memory, its VM storage,
// online or not, and the answers Proxmox gives about them (`GET /nodes`, `/nodes/{node}/status`,
// `/nodes/{node}/qemu`, `/nodes/{node}/storage/{storage}/status`). The storage is thick here: a
// disk uses its whole size, so what is free and what is promised agree unless a test adds `other`.

const MiB = 1024 ** 2;
const GiB = 1024 ** 3;

export interface FakeNode {
	status: 'online' | 'offline';
	/** Host threads (`cpuinfo.cpus`). */
	cpus: number;
	memoryBytes: number;
	/** The VM storage's size, and bytes used on it by things other than disks (ISOs, backups). */
	storage: { name: string; totalBytes: number; other: number; active: boolean };
}

/** The machines the fake keeps, as far as the nodes' answers read them. */
export interface NodeVm {
	node: string;
	template: boolean;
	status: 'running' | 'stopped';
	config: Record<string, string>;
}

export const seedNodes = (): Map<string, FakeNode> =>
	new Map(
		['pve1', 'pve2'].map((name) => [
			name,
			{
				status: 'online',
				cpus: 512,
				memoryBytes: 4096 * GiB,
				storage: { name: 'local-lvm', totalBytes: 100_000 * GiB, other: 0, active: true },
			},
		]),
	);

export const diskBytes = (disk: string | undefined) => {
	const [, n, unit] = /size=(\d+(?:\.\d+)?)([KMGT])?/.exec(disk ?? '') ?? [];
	return Number(n ?? 0) * ({ K: 1024, M: MiB, G: GiB, T: 1024 * GiB }[unit ?? 'G'] ?? GiB);
};

type Refuse = (status: number, message: string) => Error;

/** Answers the node routes, or undefined for a path that is not one. */
export function nodeRoute(
	path: string,
	nodes: Map<string, FakeNode>,
	vms: Map<number, NodeVm>,
	refuse: Refuse,
): unknown {
	if (path === '/nodes')
		return [...nodes].map(([node, n]) => ({
			node,
			type: 'node',
			id: `node/${node}`,
			status: n.status,
			...(n.status === 'online' ? { maxcpu: n.cpus, maxmem: n.memoryBytes } : {}),
		}));
	const match = /^\/nodes\/([^/]+)\/(status|qemu|storage\/([^/]+)\/status)$/.exec(path);
	if (!match) return undefined;
	const [, name = '', what = '', storageName] = match;
	const node = nodes.get(name);
	// The API proxies to the node: an unknown one cannot be resolved, an offline one not reached.
	if (!node) throw refuse(500, `hostname lookup '${name}' failed - failed to get address info`);
	if (node.status !== 'online') throw refuse(595, `No route to host`);
	const here = [...vms].filter(([, vm]) => vm.node === name);
	if (what === 'status')
		return {
			uptime: 86_400,
			loadavg: ['0.10', '0.20', '0.30'],
			cpuinfo: { cpus: node.cpus, cores: node.cpus / 2, sockets: 1, model: 'Fake CPU' },
			memory: { total: node.memoryBytes, used: 8 * GiB, free: node.memoryBytes - 8 * GiB },
		};
	if (what === 'qemu')
		return here.map(([vmid, vm]) => ({
			vmid,
			name: vm.config.name,
			status: vm.status,
			cpus: Math.min(Number(vm.config.cores ?? 1), node.cpus),
			maxmem: Number(vm.config.memory ?? 512) * MiB,
			maxdisk: diskBytes(vm.config.scsi0),
			...(vm.template ? { template: 1 } : {}),
		}));
	if (storageName !== node.storage.name) throw refuse(400, 'No such storage.');
	const used = node.storage.other + here.reduce((t, [, vm]) => t + diskBytes(vm.config.scsi0), 0);
	return {
		type: 'lvmthin',
		content: 'images,rootdir',
		shared: 0,
		enabled: 1,
		...(node.storage.active
			? { active: 1, total: node.storage.totalBytes, used, avail: node.storage.totalBytes - used }
			: { active: 0 }),
	};
}
