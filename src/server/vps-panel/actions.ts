import type { VpsPowerAction } from '../../lib/vps/power';
import { getHypervisor } from '../hypervisor';
import type { AdminClient } from '../supabase/admin-client';
import { runVpsAction, type VpsCaller, type VpsEvent, type VpsRefusal } from './guard';
import { liveOf, type VpsLive } from './queries';

// What a customer does to their VPS from the panel, each under the Rules (guard.ts): the
// hypervisor acts first, the activity log records what it did.

const loggedAs: Record<VpsPowerAction, VpsEvent> = {
	start: 'started',
	shutdown: 'stopped',
	stop: 'stopped',
	reboot: 'restarted',
	reset: 'restarted',
};

/** Start, shut down (ACPI), stop (hard), reboot or reset; answers the state right after. */
export async function powerVps(
	admin: AdminClient,
	caller: VpsCaller,
	serviceId: string,
	action: VpsPowerAction,
): Promise<{ ok: VpsLive } | VpsRefusal> {
	return runVpsAction(admin, caller, serviceId, {
		event: loggedAs[action],
		detail: { action },
		act: async (vps) => {
			await getHypervisor().power(vps.machine.ref, action);
			return liveOf(vps);
		},
	});
}
