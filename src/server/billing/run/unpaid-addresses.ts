import { z } from 'zod';
import type { AdminClient } from '../../supabase/admin-client';

/**
 * How long an unpaid VPS order may hold its addresses: long enough to finish paying (a bank
 * redirect, a second try), short enough that abandoned carts cannot empty the pool. Paying later
 * takes addresses again at provisioning (vps_claim_addresses), or refuses if none are left.
 */
export const UNPAID_ADDRESS_HOLD = '2 hours';

/** Gives back the addresses of VPS orders unpaid for longer than the hold; how many were freed. */
export async function releaseUnpaidAddresses(admin: AdminClient): Promise<number> {
	const { data, error } = await admin.rpc('release_unpaid_vps_addresses', {
		older_than: UNPAID_ADDRESS_HOLD,
	});
	if (error) throw new Error(`release_unpaid_vps_addresses: ${error.message}`);
	return z.number().int().parse(data);
}
