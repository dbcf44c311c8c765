import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../../lib/database.types';
import type { SavedCard, SavedCards } from '../../lib/panel/types';

export type { SavedCard, SavedCards } from '../../lib/panel/types';

/** The service states that lead to a renewal (remove_payment_method decides with the same list). */
export const renewingStatuses = ['active', 'suspended', 'provisioning'] as const;

/** A card is good through the last day of its expiry month. */
export function isExpired(expMonth: number, expYear: number, now: Date): boolean {
	const year = now.getUTCFullYear();
	return expYear < year || (expYear === year && expMonth < now.getUTCMonth() + 1);
}

export const savedCardColumns = 'id, brand, last4, exp_month, exp_year, is_default';

export function savedCardOf(
	row: {
		id: string;
		brand: string;
		last4: string;
		exp_month: number;
		exp_year: number;
		is_default: boolean;
	},
	now: Date,
): SavedCard {
	return {
		id: row.id,
		brand: row.brand,
		last4: row.last4,
		expMonth: row.exp_month,
		expYear: row.exp_year,
		isDefault: row.is_default,
		expired: isExpired(row.exp_month, row.exp_year, now),
	};
}

/**
 * A customer's saved cards, read by any client that may see them: the service role for the API,
 * or the customer's own (row-level security keeps it to their rows) for a page.
 */
export async function listPaymentMethods(
	client: SupabaseClient<Database>,
	userId: string,
	now: Date,
): Promise<SavedCards> {
	const [cards, renewing] = await Promise.all([
		client
			.from('payment_methods')
			.select(savedCardColumns)
			.eq('user_id', userId)
			.order('is_default', { ascending: false })
			.order('created_at', { ascending: false })
			.order('id', { ascending: false }),
		client
			.from('services')
			.select('id')
			.eq('user_id', userId)
			.in('status', renewingStatuses)
			.eq('cancel_at_period_end', false)
			.limit(1),
	]);
	if (cards.error) throw new Error(`payment_methods: ${cards.error.message}`);
	if (renewing.error) throw new Error(`services: ${renewing.error.message}`);
	return {
		methods: cards.data.map((row) => savedCardOf(row, now)),
		renewalNeedsCard: renewing.data.length > 0,
	};
}
