import { findVpsImage } from '../../lib/vps/images';
import { getHypervisor, type PasswordApplied } from '../hypervisor';
import type { AdminClient } from '../supabase/admin-client';
import { generatePassword } from '../vps/password';
import { runVpsAction, type VpsCaller, type VpsRefusal } from './guard';

// A new root (Linux) or Administrator (Windows) password, shown once in the answer and never
// stored: at once through the guest agent on a running machine, else at its next boot.

export interface NewPassword {
	user: string;
	password: string;
	applied: PasswordApplied;
}

export async function resetVpsPassword(
	admin: AdminClient,
	caller: VpsCaller,
	serviceId: string,
): Promise<NewPassword | VpsRefusal> {
	// Filled in by `act`: the guard logs the detail after the action, so the log says which.
	const detail: { applied?: PasswordApplied } = {};
	const result = await runVpsAction(admin, caller, serviceId, {
		event: 'password_reset',
		privileged: true,
		detail,
		async act(vps) {
			// The image's own administrator: the account cloud-init or cloudbase-init manages.
			const user = findVpsImage(vps.machine.image)?.user ?? 'root';
			const password = generatePassword();
			const applied = await getHypervisor().setPassword(vps.machine.ref, user, password);
			detail.applied = applied;
			return { user, password, applied };
		},
	});
	return typeof result === 'string' ? result : result.ok;
}
