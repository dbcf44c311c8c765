import type { User } from '@supabase/supabase-js';
import { normalizeHostname, vpsChoiceProblem, type VpsProblem } from '../../lib/vps/choice';
import { findVpsImage, type VpsImageId } from '../../lib/vps/images';
import { getHypervisor, type MachineState } from '../hypervisor';
import type { AdminClient } from '../supabase/admin-client';
import { takePassword } from '../vps/kept-password';
import { accessFor, generatePassword } from '../vps/password';
import { hypervisorRefusal, type HypervisorRefusal } from './hypervisor-refusal';
import { ownedVps, recordVpsAction, type VpsRefusal } from './owned';

// Reinstalling a VPS: a fresh disk from any image the customer could order at this size, with
// new keys or a new generated password shown once in the answer (never stored). The machine keeps
// its VMID, hostname and addresses (the hypervisor port's promise, checked by its contract).

export type ReinstallRefusal =
	| VpsRefusal
	| HypervisorRefusal
	| VpsProblem
	| 'not_privileged'
	| 'hostname_mismatch'
	| 'image_unavailable';

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

export async function reinstallVps(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	request: ReinstallRequest,
	privileged: boolean,
): Promise<Reinstalled | ReinstallRefusal> {
	const owned = await ownedVps(admin, customer, serviceId);
	if (typeof owned === 'string') return owned;
	if (!privileged) return 'not_privileged';
	const { machine } = owned;
	if (normalizeHostname(request.confirm) !== machine.hostname) return 'hostname_mismatch';
	const sshKeys = request.sshKeys ?? [];
	const image = findVpsImage(request.image);
	if (!image) return 'vps_image_unknown';
	const problem = vpsChoiceProblem(
		{ image: image.id, hostname: machine.hostname, sshKeys },
		owned.ramGb,
	);
	if (problem) return problem;
	const template = image.templates[machine.ref.node];
	if (template === undefined) return 'image_unavailable';

	// An order password not yet read belongs to the disk about to go: it must not be shown later.
	await takePassword(admin, serviceId);
	const password = sshKeys.length ? null : generatePassword();
	const hypervisor = getHypervisor();
	try {
		await hypervisor.reinstall(machine.ref, template, accessFor(image, sshKeys, password));
	} catch (error) {
		return hypervisorRefusal(error);
	}
	const { error } = await admin
		.from('vps_machines')
		.update({ image: image.id, ssh_keys: sshKeys })
		.eq('service_id', serviceId);
	if (error) throw new Error(`vps_machines ${serviceId}: ${error.message}`);
	await recordVpsAction(admin, customer, serviceId, 'reinstalled', { image: image.id });
	const { state } = await hypervisor.machineState(machine.ref);
	return { image: image.id, user: image.user, password, sshKeys: sshKeys.length, state };
}
