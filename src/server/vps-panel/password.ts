import { findVpsImage } from '../../lib/vps/images';
import { getHypervisor, type PasswordApplied } from '../hypervisor';
import type { AdminClient } from '../supabase/admin-client';
import { generatePassword } from '../vps/password';
import { runVpsAction, type VpsCaller, type VpsRefusal } from './guard';
import { mailVpsOwner } from './mails';

// A new root (Linux) or Administrator (Windows) password, shown once in the answer and never
// stored: at once through the guest agent on a running machine, else at its next boot. The owner
// is mailed that it happened (mails.ts), without it.

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
	let hostname = '';
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
			hostname = vps.machine.hostname;
			return { user, password, applied };
		},
	});
	if (typeof result === 'string') return result;
	const { user, applied } = result.ok;
	void mailVpsOwner(
		admin,
		caller.customer,
		{ serviceId, hostname },
		{ kind: 'password_reset', user, applied },
		caller.address ?? 'unknown',
	);
	return result.ok;
}
