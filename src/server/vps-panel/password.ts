import type { User } from '@supabase/supabase-js';
import { findVpsImage } from '../../lib/vps/images';
import { getHypervisor, type PasswordApplied } from '../hypervisor';
import type { AdminClient } from '../supabase/admin-client';
import { generatePassword } from '../vps/password';
import { hypervisorRefusal, type HypervisorRefusal } from './hypervisor-refusal';
import { ownedVps, recordVpsAction, type VpsRefusal } from './owned';

// A new root (Linux) or Administrator (Windows) password, shown once in the answer and never
// stored: at once through the guest agent on a running machine, else at its next boot.

export type PasswordRefusal = VpsRefusal | HypervisorRefusal | 'not_privileged';

export interface NewPassword {
	user: string;
	password: string;
	applied: PasswordApplied;
}

export async function resetVpsPassword(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	privileged: boolean,
): Promise<NewPassword | PasswordRefusal> {
	const owned = await ownedVps(admin, customer, serviceId);
	if (typeof owned === 'string') return owned;
	if (!privileged) return 'not_privileged';
	// The image's own administrator: the account cloud-init or cloudbase-init manages.
	const user = findVpsImage(owned.machine.image)!.user;
	const password = generatePassword();
	let applied: PasswordApplied;
	try {
		applied = await getHypervisor().setPassword(owned.machine.ref, user, password);
	} catch (error) {
		return hypervisorRefusal(error);
	}
	await recordVpsAction(admin, customer, serviceId, 'password_reset', { applied });
	return { user, password, applied };
}
