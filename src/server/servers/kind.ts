import { productTypeSchema, type ProductType } from '../../lib/domain/product';
import { isUuid } from '../../lib/uuid';
import type { AdminClient } from '../supabase/admin-client';

/**
 * Whether the customer's service is a game server or a VPS, or null when it is not theirs (or
 * not one at all): a route that takes one body for both kinds asks this before it reads the body's
 * words, so each kind's words are checked against its own list.
 */
export async function ownedServiceKind(
	admin: AdminClient,
	customerId: string,
	serviceId: string,
): Promise<ProductType | null> {
	if (!isUuid(serviceId)) return null;
	const { data, error } = await admin
		.from('services')
		.select('product_type')
		.eq('id', serviceId)
		.eq('user_id', customerId)
		.maybeSingle();
	if (error) throw new Error(`service ${serviceId}: ${error.message}`);
	return data ? productTypeSchema.parse(data.product_type) : null;
}
