import { imageOfTemplate } from '../../lib/vps/images';
import { sshKeyLineProblem } from '../../lib/vps/ssh-key';
import { HypervisorValidationError } from './errors';
import type { Access, MachineSpec, Resources } from './types';

// The checks both implementations make before anything else, the same rules Proxmox applies (so
// the simulation refuses what Proxmox refuses, and Proxmox's own refusal is rarely reached).

/** Proxmox's tag format (case-insensitive there; we write lowercase). */
const tagPattern = /^[a-z0-9_][a-z0-9_\-+.]*$/;
/** A DNS name, as Proxmox's `name` (dns-name format) wants. */
const hostnamePattern =
	/^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i;

/** The tag that marks a machine as our service's; its presence is how a retry finds it. */
export function serviceTag(serviceId: string): string {
	const tag = `svc-${serviceId.toLowerCase()}`;
	if (!tagPattern.test(tag))
		throw new HypervisorValidationError(`serviceId: "${serviceId}" cannot be a Proxmox tag`);
	return tag;
}

function whole(value: number, min: number, field: string): void {
	if (!Number.isInteger(value) || value < min)
		throw new HypervisorValidationError(`${field}: must be a whole number from ${min}`);
}

export function checkResources(resources: Resources): void {
	whole(resources.cores, 1, 'cores');
	whole(resources.memoryMb, 16, 'memoryMb');
	whole(resources.diskGb, 1, 'diskGb');
}

/** Whether `template` on `node` is the catalogue's Windows image (its login rules differ). */
export function isWindowsTemplate(node: string, template: number): boolean {
	return imageOfTemplate(node, template)?.os === 'windows';
}

export function checkAccess(access: Access, windows: boolean): void {
	// Linux user names are lowercase; Windows' built-in account is `Administrator`.
	const user = windows ? /^[A-Za-z_][A-Za-z0-9_-]{0,31}$/ : /^[a-z_][a-z0-9_-]{0,31}$/;
	if (!user.test(access.user))
		throw new HypervisorValidationError(`access.user: "${access.user}" is not a user name`);
	if ('password' in access) {
		// A plaintext reaches Proxmox's config only where a hash cannot work (see Access).
		if (!windows)
			throw new HypervisorValidationError(
				'access.password: only a Windows image takes a plaintext password; send a crypt hash',
			);
		if (!/^[\x21-\x7e]{12,128}$/.test(access.password))
			throw new HypervisorValidationError('access.password: 12 to 128 printable characters');
	} else if ('passwordHash' in access) {
		if (windows)
			throw new HypervisorValidationError(
				'access.passwordHash: Windows (cloudbase-init) needs the plaintext password',
			);
		if (!/^\$(1|5|6|y|2[aby])\$[^\s]+$/.test(access.passwordHash))
			throw new HypervisorValidationError('access.passwordHash: not a crypt(3) hash');
	} else if (access.sshKeys.length === 0 || access.sshKeys.some((key) => sshKeyLineProblem(key)))
		// Proxmox would take a key its cloud-init YAML then misreads (the machine boots without it):
		// every key is held to the line the customer's rule accepts (src/lib/vps/ssh-key.ts).
		throw new HypervisorValidationError(
			'access.sshKeys: one OpenSSH public key per entry, a line cloud-init reads unchanged',
		);
}

export function checkVmid(vmid: number, field = 'vmid'): void {
	if (!Number.isInteger(vmid) || vmid < 100 || vmid >= 1_000_000_000)
		throw new HypervisorValidationError(`${field}: ${vmid} does not look like a valid VM ID`);
}

export function checkSpec(spec: MachineSpec): void {
	serviceTag(spec.serviceId);
	checkVmid(spec.vmid);
	checkVmid(spec.template, 'template');
	if (!hostnamePattern.test(spec.hostname))
		throw new HypervisorValidationError(`hostname: "${spec.hostname}" is not a DNS name`);
	checkResources(spec);
	checkAccess(spec.access, isWindowsTemplate(spec.node, spec.template));
	for (const tag of spec.tags ?? [])
		if (!tagPattern.test(tag)) throw new HypervisorValidationError(`tags: "${tag}" is not a tag`);
}

/** All tags of a machine, ours first, in Proxmox's `;`-separated form. */
export function tagList(spec: MachineSpec): string {
	return [serviceTag(spec.serviceId), ...(spec.tags ?? [])].join(';');
}
