import { getGamePanel } from '../../game-panel';
import type { AdminClient } from '../../supabase/admin-client';
import { loadMachine } from '../../vps/machine';
import { onMachine } from '../host-steps';
import { onPanel, refOf, type PanelHeld } from '../panel-steps';

interface Ended extends PanelHeld {
	product_type: string;
}

/**
 * After a refund has ended a service in the database: deletes the server its provisioning made
 * while the refund was under way, which the panel step before the refund could not see (the
 * service had no server id yet). Provisioning records a server only on a payable service, so from
 * here on it deletes whatever it still makes itself; this covers what it recorded just before.
 * A server made but never recorded (the create in flight, or a site server killed between the
 * two) is found on the panel by the service id. `again`: a repeated request, which finishes a
 * delete that failed the first time.
 */
export async function deleteLateServer(
	admin: AdminClient,
	before: Ended,
	again: boolean,
): Promise<void> {
	// A VPS's machine has the VMID its order gave it: destroying that again removes whatever
	// provisioning made meanwhile (a machine already gone is fine).
	const machine = await loadMachine(admin, before.id);
	if (machine) return onMachine('terminated', machine.ref);
	const { data: after, error } = await admin
		.from('services')
		.select('id, panel_server_id, panel_identifier')
		.eq('id', before.id)
		.single();
	if (error) throw new Error(`service after refund: ${error.message}`);
	const ref = refOf(after);
	if (ref) {
		if (again || ref.panelServerId !== refOf(before)?.panelServerId)
			await onPanel('terminated', after);
		return;
	}
	if (before.product_type !== 'game') return;
	const found = await getGamePanel().findServer(before.id);
	if (found)
		await onPanel('terminated', {
			id: before.id,
			panel_server_id: String(found.panelServerId),
			panel_identifier: found.identifier,
		});
}
