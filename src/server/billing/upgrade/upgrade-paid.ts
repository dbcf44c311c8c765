import { z } from 'zod';
import { getGamePanel } from '../../game-panel';
import type { AdminClient } from '../../supabase/admin-client';
import { refOf } from '../panel-steps';
import { resizeMachine } from './machine-upgrade';

// Its own module, apart from ordering an upgrade (upgrade.ts): paying is what calls this, so it
// must not reach the payment path itself.

/** What `paid_upgrade` answers (jsonb), or null when there is nothing (more) to apply. */
const paidUpgradeSchema = z
	.object({
		to_config: z.object({ ram_gb: z.number(), storage_gb: z.number() }),
		panel_server_id: z.string().nullable(),
		panel_identifier: z.string().nullable(),
	})
	.nullable();

/**
 * A paid upgrade invoice: the new build on the game panel (or a VPS's machine resized on the
 * hypervisor) first, then the service's new size and, from the next renewal, its new price.
 * Returns false when there is nothing (more) to apply.
 */
export async function afterUpgradePaid(admin: AdminClient, invoiceId: string): Promise<boolean> {
	const { data } = await admin.rpc('paid_upgrade', { invoice: invoiceId });
	const paid = paidUpgradeSchema.parse(data);
	if (!paid) return false;
	const ref = refOf(paid);
	const resized = await resizeMachine(admin, invoiceId, paid.to_config);
	if (!resized && ref)
		await getGamePanel().updateBuild(ref, {
			ramGb: paid.to_config.ram_gb,
			storageGb: paid.to_config.storage_gb,
		});
	const { error } = await admin.rpc('apply_service_upgrade', { invoice: invoiceId });
	if (error) throw new Error(`apply_service_upgrade: ${error.message}`);
	return true;
}
