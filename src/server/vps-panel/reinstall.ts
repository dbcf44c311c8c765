import { normalizeHostname, vpsChoiceProblem, type VpsProblem } from '../../lib/vps/choice';
import { findVpsImage, type VpsImage, type VpsImageId } from '../../lib/vps/images';
import { getHypervisor, type MachineState } from '../hypervisor';
import type { AdminClient } from '../supabase/admin-client';
import { takePassword } from '../vps/kept-password';
import { accessFor, generatePassword } from '../vps/password';
import {
	ownedVps,
	runVpsAction,
	statusRefusal,
	type OwnedVps,
	type VpsCaller,
	type VpsRefusal,
} from './guard';
import { mailVpsOwner } from './mails';

// Reinstalling a VPS: a fresh disk from any image the customer could order at this size, with
// new keys or a new generated password shown once in the answer (never stored). The machine keeps
// its VMID, hostname and addresses (the hypervisor port's promise, checked by its contract). The
// owner is mailed that it happened (mails.ts), never the password.

export type ReinstallProblem = VpsProblem | 'hostname_mismatch' | 'image_unavailable';

export interface ReinstallRequest {
	image: string;
	sshKeys?: string[];
	/** The hostname as the customer typed it: every file is deleted, so they say which machine. */
	confirm: string;
}

export interface Reinstalled {
	image: VpsImageId;
	user: string;
	/** The generated password, shown this once; null when the customer logs in with keys. */
	password: string | null;
	sshKeys: number;
	state: MachineState;
}

/** What is wrong with the request for this machine (checkout's rules at its size), or its image. */
function problemOf(
	vps: OwnedVps,
	request: ReinstallRequest,
): ReinstallProblem | { image: VpsImage; template: number } {
	if (normalizeHostname(request.confirm) !== vps.machine.hostname) return 'hostname_mismatch';
	const image = findVpsImage(request.image);
	if (!image) return 'vps_image_unknown';
	const choice = {
		image: image.id,
		hostname: vps.machine.hostname,
		sshKeys: request.sshKeys ?? [],
	};
	const problem = vpsChoiceProblem(choice, vps.memoryGb);
	if (problem) return problem;
	const template = image.templates[vps.machine.ref.node];
	return template === undefined ? 'image_unavailable' : { image, template };
}

export async function reinstallVps(
	admin: AdminClient,
	caller: VpsCaller,
	serviceId: string,
	request: ReinstallRequest,
): Promise<Reinstalled | ReinstallProblem | VpsRefusal> {
	// The request is judged only for the owner of a machine that may be touched: a stranger learns
	// nothing from a wrong hostname. The guard checks owner and status again, and the rest.
	const vps = await ownedVps(admin, caller.customer, serviceId);
	if (vps !== 'not_found' && !statusRefusal(vps.status)) {
		const checked = problemOf(vps, request);
		if (typeof checked === 'string') return checked;
	}
	let hostname = '';
	const result = await runVpsAction(admin, caller, serviceId, {
		event: 'reinstalled',
		privileged: true,
		detail: { image: request.image },
		async act(owned): Promise<Reinstalled> {
			const checked = problemOf(owned, request);
			if (typeof checked === 'string') throw new Error(`reinstall request changed: ${checked}`);
			const { image, template } = checked;
			const sshKeys = request.sshKeys ?? [];
			// An order password not yet read belongs to the disk about to go: never shown later.
			await takePassword(admin, serviceId);
			const password = sshKeys.length ? null : generatePassword();
			const hypervisor = getHypervisor();
			const ref = owned.machine.ref;
			await hypervisor.reinstall(ref, template, accessFor(image, sshKeys, password));
			const { error } = await admin
				.from('vps_machines')
				.update({ image: image.id, ssh_keys: sshKeys })
				.eq('service_id', serviceId);
			if (error) throw new Error(`vps_machines ${serviceId}: ${error.message}`);
			const { state } = await hypervisor.machineState(ref);
			hostname = owned.machine.hostname;
			return { image: image.id, user: image.user, password, sshKeys: sshKeys.length, state };
		},
	});
	if (typeof result === 'string') return result;
	const done = result.ok;
	void mailVpsOwner(
		admin,
		caller.customer,
		{ serviceId, hostname },
		{
			kind: 'reinstalled',
			image: findVpsImage(done.image)?.name ?? done.image,
			user: done.user,
			withKeys: done.password === null,
		},
		caller.address ?? 'unknown',
	);
	return done;
}
