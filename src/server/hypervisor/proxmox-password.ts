import { HypervisorError, HypervisorNotFoundError, HypervisorValidationError } from './errors';
import type { Call } from './proxmox-http';
import { readStatus, vmPath } from './proxmox-machine';
import type { MachineRef, PasswordApplied } from './types';

// A new root (or Administrator) password. `cipassword` is always set, so the next cloud-init run
// (a boot with a changed drive) writes the same password; when the machine runs and its guest
// agent answers `get-osinfo`, `agent/set-user-password` changes it at once as well (Convoy's way).

/** Whether the guest agent answers: a stopped machine, no agent configured or not running is no. */
async function agentAnswers(call: Call, ref: MachineRef): Promise<boolean> {
	if ((await readStatus(call, ref)).status !== 'running') return false;
	try {
		await call('GET', `${vmPath(ref)}/agent/get-osinfo`);
		return true;
	} catch (error) {
		// "No QEMU guest agent configured", "QEMU guest agent is not running": a 500 refusal. A
		// machine that is gone, or a Proxmox that is down, is not a next-boot case: passed on.
		if (error instanceof HypervisorNotFoundError) throw error;
		if (error instanceof HypervisorError && error.status === 500) return false;
		throw error;
	}
}

export async function setPassword(
	call: Call,
	ref: MachineRef,
	user: string,
	password: string,
): Promise<PasswordApplied> {
	if (!user || !password || password.length > 1024)
		throw new HypervisorValidationError('password: 1 to 1024 characters, with a user');
	// Plaintext: Proxmox hashes it for a Linux `ostype` and keeps it for Windows (cloudbase-init).
	await call('PUT', `${vmPath(ref)}/config`, { ciuser: user, cipassword: password });
	if (!(await agentAnswers(call, ref))) return 'next_boot';
	await call('POST', `${vmPath(ref)}/agent/set-user-password`, { username: user, password });
	return 'now';
}
