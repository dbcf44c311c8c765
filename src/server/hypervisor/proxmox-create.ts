import { HypervisorConflictError, HypervisorNotFoundError } from './errors';
import { serviceTag, tagList } from './input';
import type { Call } from './proxmox-http';
import { accessParams, growDisk, ipconfig, powerTo, readConfig, vmPath } from './proxmox-machine';
import { read, tagsOf, vmResourcesSchema } from './proxmox-schemas';
import { waitTask, type Polling } from './proxmox-tasks';
import { claimRoom } from './room-check';
import type { MachineRef, MachineSpec, Resources } from './types';

// How a machine is made: a linked clone of the image's template, its cloud-init configuration, the
// disk grown, the start. Our service id is in the clone's description from the first moment and in
// its tags once configured, so a retry finds its own machine instead of cloning again.

const marker = (serviceId: string) => `frostnode service ${serviceId}`;

export function proxmoxBuilder(
	call: Call,
	polling: Polling,
	room: (node: string) => Promise<Resources>,
) {
	/** The machine carrying our service's tag anywhere in the cluster. */
	async function findByTag(serviceId: string): Promise<MachineRef | undefined> {
		const tag = serviceTag(serviceId);
		const answer = await call('GET', '/cluster/resources', { type: 'vm' });
		for (const vm of read(vmResourcesSchema, answer, 'cluster resources'))
			if (vm.vmid !== undefined && vm.node && tagsOf(vm.tags).includes(tag))
				return { node: vm.node, vmid: vm.vmid };
		return undefined;
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

	/** Whether the VMID holds a clone this service started (its description says so). */
	async function ourClone(spec: MachineSpec): Promise<boolean> {
		try {
			return (await readConfig(call, spec)).description?.trim() === marker(spec.serviceId);
		} catch (error) {
			if (error instanceof HypervisorNotFoundError) return false;
			throw error;
		}
	}

	/** Clones, unless a clone of ours that crashed before its configuration already holds the VMID. */
	async function cloneOnce(spec: MachineSpec): Promise<void> {
		try {
			await clone(spec);
		} catch (error) {
			if (!(error instanceof HypervisorConflictError && /already exists/.test(error.message)))
				throw error;
			const existing = await readConfig(call, spec);
			if (existing.description?.trim() !== marker(spec.serviceId)) throw error;
			if (existing.lock)
				throw new HypervisorConflictError(`VM ${spec.vmid} is locked (${existing.lock})`);
		}
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

	/** Finds or clones the service's machine, then (re)applies the rest. */
	async function create(spec: MachineSpec): Promise<MachineRef> {
		let ref = await findByTag(spec.serviceId);
		if (!ref) {
			// Proxmox itself would clone onto a full node (and fail at start, or later): not ours.
			// Checked, not reserved (place_order chose this node for the order); a clone of ours
			// that crashed before its configuration already holds its room.
			if (!(await ourClone(spec))) claimRoom(await room(spec.node), spec, spec.node);
			await cloneOnce(spec);
			ref = { node: spec.node, vmid: spec.vmid };
		}
		await build(ref, spec);
		return ref;
	}

	return { create, clone, build };
}
