import { z } from 'zod';
import type { CustomerClient } from '../supabase/customer-client';

/**
 * A service's credit balance in its currency (minor units): the sum of its ledger
 * (`service_credits`: staff add, a renewal invoice takes off). Read by staff with the service role
 * and by the customer with their own client (row-level security shows them their own rows only).
 */
export async function serviceCreditBalance(
	// The service role's client and a customer's are the same type: who reads decides what is seen.
	client: CustomerClient,
	serviceId: string,
): Promise<number> {
	const { data, error } = await client
		.from('service_credits')
		.select('amount')
		.eq('service_id', serviceId);
	if (error) throw new Error(`service_credits: ${error.message}`);
	return z
		.array(z.object({ amount: z.number().int() }))
		.parse(data)
		.reduce((sum, row) => sum + row.amount, 0);
}
