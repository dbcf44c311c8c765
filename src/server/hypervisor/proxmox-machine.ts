import { HypervisorValidationError } from './errors';
import type { Call, Params } from './proxmox-http';
import {
	configSchema,
	diskGbOf,
	maybeUpidSchema,
	read,
	statusSchema,
	type VmConfig,
} from './proxmox-schemas';
import { waitTask, type Polling } from './proxmox-tasks';
import type { Access, IpConfig, MachineRef, PowerAction } from './types';

// The steps a machine is built from, each safe to repeat (a retried create runs them again): the
// cloud-init configuration, the boot disk grown, the machine started.

/** The boot disk of our cloud-init templates. */
export const bootDisk = 'scsi0';

export const vmPath = (ref: MachineRef) =>
	`/nodes/${encodeURIComponent(ref.node)}/qemu/${ref.vmid}`;

/** `ipconfig0`: static addresses from our pool, `ip=dhcp` only when there are none. */
export function ipconfig(ip: IpConfig): string {
	const parts: string[] = [];
	if (ip.ipv4) parts.push(`ip=${ip.ipv4.address}/${ip.ipv4.prefix}`, `gw=${ip.ipv4.gateway}`);
	if (ip.ipv6) parts.push(`ip6=${ip.ipv6.address}/${ip.ipv6.prefix}`, `gw6=${ip.ipv6.gateway}`);
	return parts.length ? parts.join(',') : 'ip=dhcp';
}

/**
 * The login: a crypt hash goes as `cipassword` (Proxmox keeps a hash as it is), a Windows password
 * as it is (Proxmox does not hash it for a Windows `ostype`; cloudbase-init needs the plaintext),
 * keys as `sshkeys`, URL-encoded with %20 for spaces and %0A between keys (encodeURIComponent
 * matches Proxmox's `urlencoded` format). The other one is deleted, so a template's defaults do
 * not linger.
 */
export function accessParams(access: Access): Params {
	if ('password' in access)
		return { ciuser: access.user, cipassword: access.password, delete: 'sshkeys' };
	return 'passwordHash' in access
		? { ciuser: access.user, cipassword: access.passwordHash, delete: 'sshkeys' }
		: {
				ciuser: access.user,
				sshkeys: encodeURIComponent(access.sshKeys.join('\n')),
				delete: 'cipassword',
			};
}

export async function readConfig(call: Call, ref: MachineRef): Promise<VmConfig> {
	return read(configSchema, await call('GET', `${vmPath(ref)}/config`), 'a VM config');
}

/** Grows the boot disk to `diskGb`; the same size is nothing to do, a smaller one is refused. */
export async function growDisk(
	call: Call,
	ref: MachineRef,
	diskGb: number,
	polling: Polling,
): Promise<void> {
	const current = diskGbOf((await readConfig(call, ref))[bootDisk]);
	if (diskGb < current)
		throw new HypervisorValidationError(
			`diskGb: shrinking disk size is not supported (${current} GB now)`,
		);
	if (diskGb === current) return;
	const task = await call('PUT', `${vmPath(ref)}/resize`, { disk: bootDisk, size: `${diskGb}G` });
	const upid = read(maybeUpidSchema, task, 'a resize');
	if (upid) await waitTask(call, upid, polling);
}

export async function readStatus(call: Call, ref: MachineRef) {
	return read(statusSchema, await call('GET', `${vmPath(ref)}/status/current`), 'a VM status');
}

/** Runs a power action to its task's end, unless the machine is already there. */
export async function powerTo(
	call: Call,
	ref: MachineRef,
	action: PowerAction,
	polling: Polling,
): Promise<void> {
	const { status } = await readStatus(call, ref);
	if (action === 'start' && status === 'running') return;
	if ((action === 'stop' || action === 'shutdown') && status === 'stopped') return;
	await waitTask(call, await call('POST', `${vmPath(ref)}/status/${action}`, {}), polling);
}
