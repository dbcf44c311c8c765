import { afterRenewalPaid } from '../../run/renewal';
import type { AdminClient } from '../../../supabase/admin-client';

/**
 * A paid renewal invoice: the period runs on and a suspended service comes back. The billing run
 * takes the same step when it finds a paid renewal not yet applied (its repair).
 */
export async function afterRenewal(admin: AdminClient, invoiceId: string): Promise<void> {
	await afterRenewalPaid(admin, invoiceId);
}
