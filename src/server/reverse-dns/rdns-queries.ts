import { z } from 'zod';
import type { AdminClient } from '../supabase/admin-client';

// The addresses a VPS holds with their reverse DNS name, for its page and for setting one.

const row = z.object({
	family: z.union([z.literal(4), z.literal(6)]),
	// PostgREST gives inet as text; a host address prints without its mask.
	address: z.string().transform((text) => text.replace(/\/\d+$/, '')),
	ptr: z.string().nullable(),
	ptr_in_dns: z.string().nullable(),
});

export type AddressPtr = z.infer<typeof row>;

/**
 * IPv4 first, then IPv6. With the visitor's own client (the page) the policy on vps_addresses
 * shows only their machines' rows: another customer's id reads as none.
 */
export async function addressPtrs(
	/** The admin client, or the visitor's own (the same type). */
	admin: AdminClient,
	serviceId: string,
): Promise<AddressPtr[]> {
	const { data, error } = await admin
		.from('vps_addresses')
		.select('family, address, ptr, ptr_in_dns')
		.eq('service_id', serviceId)
		.order('family');
	if (error) throw new Error(`vps_addresses: ${error.message}`);
	return z.array(row).parse(data);
}
