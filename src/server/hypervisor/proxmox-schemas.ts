import { z } from 'zod';
import { HypervisorError } from './errors';

// What Proxmox answers, as far as we read it (payloads already unwrapped from `data`). Numbers are
// parsed defensively: some endpoints send integers as strings.

const count = z.coerce.number().int();

export const upidSchema = z.string().startsWith('UPID:');

/** `PUT .../resize` answers a UPID on current versions and null on older ones. */
export const maybeUpidSchema = upidSchema.nullish();

export const taskStatusSchema = z.object({
	status: z.enum(['running', 'stopped']),
	exitstatus: z.string().optional(),
});

export const taskLogSchema = z.array(z.object({ n: count, t: z.string() }));

export const vmResourcesSchema = z.array(
	z.object({
		type: z.string(),
		vmid: count.optional(),
		node: z.string().optional(),
		tags: z.string().optional(),
		template: z.union([z.number(), z.string()]).optional(),
	}),
);

export const statusSchema = z.object({
	status: z.enum(['running', 'stopped']),
	qmpstatus: z.string().optional(),
	lock: z.string().optional(),
	tags: z.string().optional(),
	/** Seconds since start; 0 while stopped. */
	uptime: count.optional(),
});

const rate = z.coerce.number().nonnegative().optional();

/**
 * `GET .../rrddata`: one object per interval; a metric is absent (or NaN) where the machine was
 * off. `cpu` is the share of `maxcpu` cores in use, `mem`/`maxmem` bytes, the rest bytes/s.
 */
export const rrdSchema = z.array(
	z.object({
		time: count,
		cpu: rate,
		mem: rate,
		maxmem: rate,
		diskread: rate,
		diskwrite: rate,
		netin: rate,
		netout: rate,
	}),
);

export const configSchema = z.object({
	name: z.string().optional(),
	description: z.string().optional(),
	cores: count.optional(),
	memory: z.union([z.number(), z.string()]).optional(),
	ipconfig0: z.string().optional(),
	tags: z.string().optional(),
	lock: z.string().optional(),
	scsi0: z.string().optional(),
});

export type VmConfig = z.infer<typeof configSchema>;

/** `password` only when generated: always from qemu-server 9.1.7, before only if asked. */
export const vncSchema = z.object({
	port: count,
	ticket: z.string(),
	password: z.string().min(1).optional(),
});

// What a node can take (proxmox-room.ts). Bytes throughout; `cpus` are the host's threads.
const bytes = z.coerce.number().nonnegative();

/** `GET /nodes`: every cluster node and whether it is online (`online`, `offline`, `unknown`). */
export const nodeListSchema = z.array(z.object({ node: z.string(), status: z.string() }));

/** `GET /nodes/{node}/status`. */
export const nodeStatusSchema = z.object({
	memory: z.object({ total: bytes.positive() }),
	cpuinfo: z.object({ cpus: count.positive() }),
});

/**
 * `GET /nodes/{node}/qemu`: each machine's configured vCPUs (`cpus`), memory (`maxmem`) and boot
 * disk (`maxdisk`); templates carry `template: 1`.
 */
export const nodeVmsSchema = z.array(
	z.object({
		vmid: count,
		cpus: z.coerce.number().nonnegative().optional(),
		maxmem: bytes.optional(),
		maxdisk: bytes.optional(),
		template: z.union([z.number(), z.string(), z.boolean()]).optional(),
	}),
);

/** `GET /nodes/{node}/storage/{storage}/status`; `active` is unset when it cannot be reached. */
export const storageStatusSchema = z.object({
	total: bytes.optional(),
	avail: bytes.optional(),
	active: z.union([z.number(), z.boolean()]).optional(),
});

/** `GET /version`: any valid token may read it, so it answers "reachable and the token works". */
export const versionSchema = z.object({ version: z.string(), release: z.string() });

const units: Record<string, number> = { K: 1 / 1024 ** 2, M: 1 / 1024, G: 1, T: 1024 };

/** The boot disk's size in GB from its config value (`local-lvm:vm-101-disk-0,size=2G`), or 0. */
export function diskGbOf(value: string | undefined): number {
	const size = /(?:^|,)size=(\d+(?:\.\d+)?)([KMGT])?(?:,|$)/.exec(value ?? '');
	if (!size?.[1]) return 0;
	return Number(size[1]) * (units[size[2] ?? 'G'] ?? 0);
}

/** Memory in MiB: an integer, or the property string `current=4096[,...]`. */
export function memoryMbOf(value: number | string | undefined): number {
	if (typeof value === 'number') return value;
	const found = /(?:^|current=)(\d+)/.exec(value ?? '');
	return found?.[1] ? Number(found[1]) : 0;
}

/** Tags as Proxmox stores them, `;`-separated (spaces and commas also occur). */
export function tagsOf(value: string | undefined): string[] {
	return (value ?? '').split(/[;, ]+/).filter(Boolean);
}

/** Parses an answer; one Proxmox does not send is an error of ours to look at, not retried. */
export function read<T>(schema: z.ZodType<T>, value: unknown, what: string): T {
	const parsed = schema.safeParse(value);
	if (!parsed.success) throw new HypervisorError(`Unexpected Proxmox answer to ${what}`);
	return parsed.data;
}
