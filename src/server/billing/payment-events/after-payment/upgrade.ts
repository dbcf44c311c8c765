import { afterUpgradePaid } from '../../upgrade/upgrade-paid';
import type { AdminClient } from '../../../supabase/admin-client';

/** A paid upgrade invoice: the new build on the game panel, then the service's new size and price. */
export async function afterUpgrade(admin: AdminClient, invoiceId: string): Promise<void> {
	await afterUpgradePaid(admin, invoiceId);
}
