import type { ProxmoxConfig } from './config';
import { HypervisorConflictError, HypervisorError, HypervisorNotFoundError } from './errors';
import { checkAccess, checkResources, checkSpec, checkVmid, serviceTag, tagList } from './input';
import { proxmoxHttp, type Call } from './proxmox-http';
import {
	accessParams,
	growDisk,
	ipconfig,
	powerTo,
	readConfig,
	readStatus,
	vmPath,
} from './proxmox-machine';
import {
	diskGbOf,
	memoryMbOf,
	nodesSchema,
	read,
	tagsOf,
	vmResourcesSchema,
	vncSchema,
} from './proxmox-schemas';
import { defaultPolling, waitTask, type Polling } from './proxmox-tasks';
import type { Hypervisor, MachineRef, MachineSpec } from './types';

// Proxmox VE through its HTTP API with a privilege-separated API token. A machine is a linked clone
// of the image's cloud-init template, configured, its disk grown, started; every task polled to
// its end. Our service id is in the clone's description from the first moment and in its tags
// once configured, so a retry finds its own machine instead of cloning again.

/** Tag of a machine suspended for billing: kept on the machine, so the state survives us. */
export const suspendedTag = 'frostnode-suspended';
const marker = (serviceId: string) => `frostnode service ${serviceId}`;

export function createProxmox(
	config: ProxmoxConfig,
	options: { call?: Call; polling?: Polling } = {},
): Hypervisor {
	const call = options.call ?? proxmoxHttp(config);
	const polling = options.polling ?? defaultPolling;

	/** The machine carrying our service's tag anywhere in the cluster. */
	async function findByTag(serviceId: string): Promise<MachineRef | undefined> {
		const tag = serviceTag(serviceId);
		const vms = read(
			vmResourcesSchema,
			await call('GET', '/cluster/resources', { type: 'vm' }),
			'cluster resources',
		);
		const found = vms.find(
			(vm) => vm.vmid !== undefined && vm.node && tagsOf(vm.tags).includes(tag),
		);
		return found?.vmid !== undefined && found.node
			? { node: found.node, vmid: found.vmid }
			: undefined;
	}

	async function clone(spec: MachineSpec): Promise<void> {
		// full=0: a linked clone (no storage/format/target: Proxmox refuses them for linked clones).
		const task = await call('POST', `${vmPath({ node: spec.node, vmid: spec.template })}/clone`, {
			newid: spec.vmid,
			name: spec.hostname,
			description: marker(spec.serviceId),
			full: 0,
		});
		await waitTask(call, task, polling);
	}

	/** After a clone: the configuration, the disk, the start; each step safe to repeat. */
	async function build(ref: MachineRef, spec: MachineSpec, ipconfig0 = ipconfig(spec.ip)) {
		await call('PUT', `${vmPath(ref)}/config`, {
			cores: spec.cores,
			memory: spec.memoryMb,
			...accessParams(spec.access),
			ipconfig0,
			ciupgrade: 0,
			tags: tagList(spec),
		});
		await growDisk(call, ref, spec.diskGb, polling);
		await powerTo(call, ref, 'start', polling);
	}

	async function suspended(ref: MachineRef): Promise<boolean> {
		return tagsOf((await readStatus(call, ref)).tags).includes(suspendedTag);
	}

	async function setTags(ref: MachineRef, edit: (tags: string[]) => string[]): Promise<void> {
		const tags = edit(tagsOf((await readConfig(call, ref)).tags));
		await call('PUT', `${vmPath(ref)}/config`, { tags: [...new Set(tags)].join(';') });
	}

	async function destroy(ref: MachineRef): Promise<void> {
		try {
			await powerTo(call, ref, 'stop', polling);
			const task = await call('DELETE', vmPath(ref), { purge: 1, 'destroy-unreferenced-disks': 1 });
			await waitTask(call, task, polling);
		} catch (error) {
			// Already gone is what we wanted (a row can outlive its machine).
			if (!(error instanceof HypervisorNotFoundError)) throw error;
		}
	}

	return {
		kind: 'proxmox',
		async createMachine(spec) {
			checkSpec(spec);
			const ref = (await findByTag(spec.serviceId)) ?? { node: spec.node, vmid: spec.vmid };
			try {
				if (ref.vmid === spec.vmid && ref.node === spec.node) await clone(spec);
			} catch (error) {
				// A clone that got through before a crash, not yet tagged: ours by its description.
				if (!(error instanceof HypervisorConflictError && /already exists/.test(error.message)))
					throw error;
				const existing = await readConfig(call, ref);
				if (existing.description?.trim() !== marker(spec.serviceId)) throw error;
				if (existing.lock)
					throw new HypervisorConflictError(`VM ${ref.vmid} is locked (${existing.lock})`);
			}
			await build(ref, spec);
			return ref;
		},
		async machineState(ref) {
			const status = await readStatus(call, ref);
			const locked = status.lock === 'clone' || status.lock === 'create';
			const state = locked
				? 'cloning'
				: status.status === 'running'
					? status.qmpstatus === 'prelaunch'
						? 'starting'
						: 'running'
					: tagsOf(status.tags).includes(suspendedTag)
						? 'suspended'
						: 'stopped';
			return { ...ref, state, ...(status.lock ? { lock: status.lock } : {}) };
		},
		async power(ref, action) {
			if (action !== 'stop' && action !== 'shutdown' && (await suspended(ref)))
				throw new HypervisorConflictError(`VM ${ref.vmid} is suspended`);
			await powerTo(call, ref, action, polling);
		},
		async reinstall(ref, template, access) {
			checkVmid(template, 'template');
			checkAccess(access);
			if (await suspended(ref)) throw new HypervisorConflictError(`VM ${ref.vmid} is suspended`);
			const old = await readConfig(call, ref);
			const ours = tagsOf(old.tags).find((tag) => tag.startsWith('svc-'));
			if (!ours || !old.name)
				throw new HypervisorError(`VM ${ref.vmid} is not one of our machines`);
			// What the machine is, read before it goes; the disk keeps at least its current size.
			const spec: MachineSpec = {
				serviceId: ours.slice('svc-'.length),
				vmid: ref.vmid,
				node: ref.node,
				template,
				hostname: old.name,
				cores: old.cores ?? 1,
				memoryMb: memoryMbOf(old.memory),
				diskGb: Math.ceil(diskGbOf(old.scsi0)),
				access,
				ip: {},
				tags: tagsOf(old.tags).filter((tag) => tag !== ours),
			};
			await destroy(ref);
			await clone(spec);
			// The addresses go back as they were: the pool they came from is not ours to see here.
			await build(ref, spec, old.ipconfig0);
		},
		async resize(ref, resources) {
			checkResources(resources);
			await growDisk(call, ref, resources.diskGb, polling);
			await call('PUT', `${vmPath(ref)}/config`, {
				cores: resources.cores,
				memory: resources.memoryMb,
			});
		},
		async suspend(ref) {
			await setTags(ref, (tags) => [...tags, suspendedTag]);
			await powerTo(call, ref, 'stop', polling);
		},
		async unsuspend(ref) {
			if (!(await suspended(ref))) return;
			await setTags(ref, (tags) => tags.filter((tag) => tag !== suspendedTag));
			await powerTo(call, ref, 'start', polling);
		},
		destroy,
		async console(ref) {
			const vnc = read(
				vncSchema,
				await call('POST', `${vmPath(ref)}/vncproxy`, { websocket: 1 }),
				'vncproxy',
			);
			return {
				host: new URL(config.url).hostname,
				port: vnc.port,
				ticket: vnc.ticket,
				password: vnc.password,
			};
		},
		async probe() {
			read(nodesSchema, await call('GET', '/nodes'), 'the node list');
		},
	};
}
