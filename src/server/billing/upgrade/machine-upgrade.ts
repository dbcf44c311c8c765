import { z } from 'zod';
import { findPlan } from '../../../lib/catalogue';
import { vpsSpecs } from '../../../lib/pricing';
import { getHypervisor } from '../../hypervisor';
import type { AdminClient } from '../../supabase/admin-client';
import { loadMachine } from '../../vps/machine';

// A paid upgrade of a VPS placed by us: its machine gets the new size on the hypervisor. Disk grows
// at once (and only grows); cores and memory apply at the machine's next reboot on Proxmox, which
// the upgrade's page tells the customer (billing.vps.upgradeReboot).

const upgradeRow = z.object({
	service_id: z.string(),
	services: z.object({ plan_id: z.string() }),
});

/**
 * Resizes the machine of the upgrade paid by `invoiceId` to `to` (the upgrade's new build), then
 * records its cores. False when the service has no machine of ours (a game server, a VPS set up by
 * hand): nothing to do on a hypervisor. Safe to repeat: the same size again changes nothing.
 */
export async function resizeMachine(
	admin: AdminClient,
	invoiceId: string,
	to: { ram_gb: number; storage_gb: number },
): Promise<boolean> {
	const { data, error } = await admin
		.from('service_upgrades')
		.select('service_id, services(plan_id)')
		.eq('invoice_id', invoiceId)
		.maybeSingle();
	if (error) throw new Error(`upgrade of invoice ${invoiceId}: ${error.message}`);
	if (!data) return false;
	const row = upgradeRow.parse(data);
	const machine = await loadMachine(admin, row.service_id);
	if (!machine) return false;
	const plan = findPlan(row.services.plan_id);
	if (!plan?.vps) throw new Error(`${row.services.plan_id} is not a VPS plan`);
	const { cores } = vpsSpecs(plan, to.ram_gb);
	await getHypervisor().resize(machine.ref, {
		cores,
		memoryMb: to.ram_gb * 1024,
		diskGb: to.storage_gb,
	});
	const { error: failed } = await admin
		.from('vps_machines')
		.update({ cores })
		.eq('service_id', row.service_id);
	if (failed) throw new Error(`vps_machines cores: ${failed.message}`);
	return true;
}
