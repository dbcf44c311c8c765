import type { CustomerClient } from '../supabase/customer-client';

/**
 * The customer's saved billing country (`profiles.country`, null when none is saved), read as the
 * customer: the cart shows VAT for it, as the checkout charges it. Null for anyone else's id.
 */
export async function billingCountry(
	client: CustomerClient,
	userId: string,
): Promise<{ country: string | null } | null> {
	const { data, error } = await client
		.from('profiles')
		.select('country')
		.eq('id', userId)
		.maybeSingle();
	if (error) throw new Error(`profiles: ${error.message}`);
	return data ? { country: data.country } : null;
}
