import type { ProxmoxConfig } from './config';
import { HypervisorConflictError, HypervisorError, HypervisorNotFoundError } from './errors';
import { checkAccess, checkResources, checkSpec, checkVmid, isWindowsTemplate } from './input';
import { proxmoxBuilder } from './proxmox-create';
import { proxmoxRoom } from './proxmox-room';
import { proxmoxConsole } from './proxmox-console';
import { proxmoxHttp, type Call } from './proxmox-http';
import { growDisk, powerTo, readConfig, readStatus, vmPath } from './proxmox-machine';
import { readMetrics } from './proxmox-metrics';
import { setPassword } from './proxmox-password';
import { diskGbOf, memoryMbOf, read, tagsOf, versionSchema } from './proxmox-schemas';
import { defaultPolling, waitTask, type Polling } from './proxmox-tasks';
import type { Hypervisor, MachineRef, MachineSpec } from './types';

// Proxmox VE through its HTTP API with a privilege-separated API token: the port's methods, each
// a few calls whose tasks are polled to their end. How a machine is made: proxmox-create.ts.

/** Tag of a machine suspended for billing: kept on the machine, so the state survives us. */
export const suspendedTag = 'frostnode-suspended';

export function createProxmox(
	config: ProxmoxConfig,
	options: { call?: Call; polling?: Polling } = {},
): Hypervisor {
	const call = options.call ?? proxmoxHttp(config);
	const polling = options.polling ?? defaultPolling;

	const room = proxmoxRoom(call, config);
	const builder = proxmoxBuilder(call, polling, room);

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
			return builder.create(spec);
		},
		room,
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
			return {
				...ref,
				state,
				...(status.lock ? { lock: status.lock } : {}),
				...(state === 'running' && status.uptime ? { uptimeSeconds: status.uptime } : {}),
			};
		},
		async power(ref, action) {
			if (action !== 'stop' && action !== 'shutdown' && (await suspended(ref)))
				throw new HypervisorConflictError(`VM ${ref.vmid} is suspended`);
			await powerTo(call, ref, action, polling);
		},
		async reinstall(ref, template, access) {
			checkVmid(template, 'template');
			checkAccess(access, isWindowsTemplate(ref.node, template));
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
			await builder.clone(spec);
			// The addresses go back as they were: the pool they came from is not ours to see here.
			await builder.build(ref, spec, old.ipconfig0);
		},
		async setPassword(ref, user, password) {
			if (await suspended(ref)) throw new HypervisorConflictError(`VM ${ref.vmid} is suspended`);
			return setPassword(call, ref, user, password);
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
		console: (ref) => proxmoxConsole(call, config, ref),
		async metrics(ref, timeframe) {
			return readMetrics(call, ref, timeframe);
		},
		async probe() {
			read(versionSchema, await call('GET', '/version'), 'the version');
		},
	};
}
