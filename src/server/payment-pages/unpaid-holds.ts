import { z } from 'zod';
import type { AdminClient } from '../supabase/admin-client';

// What an unpaid order holds (a VPS's pool addresses, its subdomain label) it holds only for its
// payment page's life (policy.unpaidHoldMinutes, `services.held_until`); one account holds at most
// policy.unpaidVpsOrdersPerAccount unpaid VPS orders (place_order). Every order and payment lets
// go of lapsed holds in its own transaction; this is the same step for the billing run and the
// panel's label change, so the pool and the labels never wait on an order nobody pays.
// supabase/migrations/20261206120000_unpaid_holds.sql.

const releasedSchema = z.object({ addresses: z.number().int(), labels: z.number().int() });

/** Lets go of what unpaid orders whose page ran out still held: how many addresses and labels. */
export async function releaseLapsedHolds(
	admin: AdminClient,
): Promise<z.infer<typeof releasedSchema>> {
	const { data, error } = await admin.rpc('release_lapsed_holds');
	if (error) throw new Error(`release_lapsed_holds: ${error.message}`);
	return releasedSchema.parse(data);
}
