import type { SimulatedConfig } from './config';
import {
	HypervisorConflictError,
	HypervisorError,
	HypervisorNotFoundError,
	HypervisorValidationError,
} from './errors';
import { imageOfTemplate } from '../../lib/vps/images';
import {
	checkAccess,
	checkResources,
	checkSpec,
	checkVmid,
	isWindowsTemplate,
	serviceTag,
	tagList,
} from './input';
import { loadMachines, saveMachines, type SimData, type SimMachine } from './sim-store';
import { simulatedMetrics } from './sim-metrics';
import { cloneTimeline, powerTimeline, reported, stateAt, uptimeAt } from './sim-timeline';
import type { Hypervisor, MachineRef } from './types';
import { bootText } from './sim-boot-text';
import { openSimulatedConsole } from '../rfb/rfb-server';
import { roomOn } from './sim-capacity';
import { claimRoom } from './room-check';

// The embedded default when no Proxmox is configured: real machines kept in memory or a file,
// moving through cloning, stopped, starting, running with HYPERVISOR_SIM_DELAY_MS per step, and
// refusing what Proxmox refuses (a taken VMID, a locked machine, a shrinking disk, a bad name).
// Nothing boots: it is for development and tests, and production refuses it.

/* eslint-disable @typescript-eslint/require-await -- in memory or a file, yet async like the port,
   so a refusal is a rejected promise as with Proxmox, never a synchronous throw. */

export function createSimulatedHypervisor(
	config: SimulatedConfig,
	now: () => number = Date.now,
): Hypervisor {
	let memory: SimData = { machines: [] };
	// With a file, read on every call so other processes' changes are seen.
	const load = (): SimData => (config.file ? loadMachines(config.file) : memory);
	const save = (data: SimData) => (config.file ? saveMachines(config.file, data) : (memory = data));

	function find(data: SimData, ref: MachineRef): SimMachine {
		const machine = data.machines.find((m) => m.vmid === ref.vmid && m.node === ref.node);
		if (!machine) throw new HypervisorNotFoundError(`VM ${ref.vmid} does not exist on ${ref.node}`);
		return machine;
	}

	/** Changes one unlocked machine and saves; Proxmox refuses everything while it clones. */
	function change(ref: MachineRef, edit: (machine: SimMachine, data: SimData) => void): void {
		const data = load();
		const machine = find(data, ref);
		if (stateAt(machine, now()) === 'cloning')
			throw new HypervisorConflictError(`VM ${ref.vmid} is locked (clone)`);
		edit(machine, data);
		save(data);
	}

	/**
	 * Proxmox clones only what exists on the node, and links only a template: here the catalogue's
	 * image templates (src/lib/vps/images.ts) are the templates each node has.
	 */
	function checkTemplate(data: SimData, node: string, template: number): void {
		if (imageOfTemplate(node, template)) return;
		if (data.machines.some((m) => m.vmid === template && m.node === node))
			throw new HypervisorError(
				`Linked clone feature is not supported for VM ${template}: it is not a template`,
			);
		throw new HypervisorNotFoundError(
			`Configuration file 'nodes/${node}/qemu-server/${template}.conf' does not exist`,
		);
	}

	function move(machine: SimMachine, action: Parameters<Hypervisor['power']>[1]): void {
		const steps = powerTimeline(stateAt(machine, now()), action, now(), config.delayMs);
		if (!steps) throw new HypervisorConflictError(`VM ${machine.vmid} not running`);
		if (steps.length) machine.timeline = steps;
	}

	return {
		kind: 'simulated',
		async createMachine(spec) {
			checkSpec(spec);
			const data = load();
			const tag = serviceTag(spec.serviceId);
			const ours = data.machines.find((m) => m.tags[0] === tag);
			if (ours) return { node: ours.node, vmid: ours.vmid };
			checkTemplate(data, spec.node, spec.template);
			if (data.machines.some((m) => m.vmid === spec.vmid))
				throw new HypervisorConflictError(
					`unable to create VM ${spec.vmid}: config file already exists`,
				);
			claimRoom(roomOn(config, data.machines, spec.node), spec, spec.node);
			data.machines.push({
				vmid: spec.vmid,
				node: spec.node,
				template: spec.template,
				hostname: spec.hostname,
				tags: tagList(spec).split(';'),
				cores: spec.cores,
				memoryMb: spec.memoryMb,
				diskGb: spec.diskGb,
				user: spec.access.user,
				ip: spec.ip,
				suspended: false,
				clonedAt: now(),
				timeline: cloneTimeline(now(), config.delayMs),
			});
			save(data);
			return { node: spec.node, vmid: spec.vmid };
		},
		async room(node) {
			return roomOn(config, load().machines, node);
		},
		async machineState(ref) {
			const machine = find(load(), ref);
			const at = now();
			return {
				node: machine.node,
				vmid: machine.vmid,
				state: reported(machine, at),
				...(stateAt(machine, at) === 'cloning' ? { lock: 'clone' } : {}),
				...(uptimeAt(machine, at) === undefined ? {} : { uptimeSeconds: uptimeAt(machine, at) }),
			};
		},
		async power(ref, action) {
			change(ref, (machine) => {
				if (machine.suspended && action !== 'stop' && action !== 'shutdown')
					throw new HypervisorConflictError(`VM ${ref.vmid} is suspended`);
				move(machine, action);
			});
		},
		async reinstall(ref, template, access) {
			checkVmid(template, 'template');
			checkAccess(access, isWindowsTemplate(ref.node, template));
			change(ref, (machine, data) => {
				checkTemplate(data, ref.node, template);
				if (machine.suspended) throw new HypervisorConflictError(`VM ${ref.vmid} is suspended`);
				machine.template = template;
				machine.user = access.user;
				machine.clonedAt = now();
				machine.timeline = cloneTimeline(now(), config.delayMs);
			});
		},
		async setPassword(ref, user, password) {
			if (!user || !password) throw new HypervisorValidationError('user and password are required');
			let applied: 'now' | 'next_boot' = 'next_boot';
			// Nothing boots here, so "the agent answers" is "the machine is running".
			change(ref, (machine) => {
				if (stateAt(machine, now()) === 'running') applied = 'now';
			});
			return applied;
		},
		async resize(ref, resources) {
			checkResources(resources);
			change(ref, (machine) => {
				if (resources.diskGb < machine.diskGb)
					throw new HypervisorValidationError(
						`diskGb: shrinking disk size is not supported (${machine.diskGb} GB now)`,
					);
				Object.assign(machine, resources);
			});
		},
		async suspend(ref) {
			change(ref, (machine) => {
				move(machine, 'stop');
				machine.suspended = true;
			});
		},
		async unsuspend(ref) {
			change(ref, (machine) => {
				if (!machine.suspended) return;
				machine.suspended = false;
				move(machine, 'start');
			});
		},
		async destroy(ref) {
			const data = load();
			if (!data.machines.some((m) => m.vmid === ref.vmid && m.node === ref.node)) return;
			change(ref, (machine, current) => {
				current.machines = current.machines.filter((m) => m !== machine);
			});
		},
		async console(ref) {
			const machine = find(load(), ref);
			if (stateAt(machine, now()) !== 'running')
				throw new HypervisorConflictError(`VM ${ref.vmid} not running`);
			// A real RFB server on loopback shows the machine's boot text (src/server/console).
			const image = imageOfTemplate(ref.node, machine.template);
			const vnc = await openSimulatedConsole(bootText(machine.hostname, image));
			const query = new URLSearchParams({ port: String(vnc.port), vncticket: vnc.ticket });
			const url = `ws://${vnc.host}:${vnc.port}/api2/json/nodes/${ref.node}/qemu/${ref.vmid}/vncwebsocket?${query}`;
			return { ...vnc, socket: { url, headers: {} } };
		},
		async metrics(ref, timeframe) {
			return simulatedMetrics(find(load(), ref), timeframe, now());
		},
		async probe() {
			load();
		},
	};
}
