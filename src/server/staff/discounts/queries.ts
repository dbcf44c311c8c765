import { z } from 'zod';
import type { AdminClient } from '../../supabase/admin-client';

const codeRow = z.object({
	code: z.string(),
	percent: z.coerce.number(),
	valid_from: z.string(),
	valid_until: z.string().nullable(),
	max_uses: z.number().nullable(),
	uses: z.number(),
	first_invoice_only: z.boolean(),
	created_at: z.string(),
});
export type DiscountCodeRow = z.infer<typeof codeRow>;
// The rule `discount_code_percent` applies, pure: the staff table asks it too.
export { isRedeemable } from '../../../lib/staff/discount-codes';

const codeColumns =
	'code, percent, valid_from, valid_until, max_uses, uses, first_invoice_only, created_at';

/** Every code, newest first (the table is only read by the server: nobody can list it else). */
export async function listDiscountCodes(admin: AdminClient): Promise<DiscountCodeRow[]> {
	const { data, error } = await admin
		.from('discount_codes')
		.select(codeColumns)
		.order('created_at', { ascending: false })
		.limit(200);
	if (error) throw new Error(`discount_codes: ${error.message}`);
	return z.array(codeRow).parse(data);
}

export async function discountCode(admin: AdminClient, code: string) {
	const { data, error } = await admin
		.from('discount_codes')
		.select(codeColumns)
		.eq('code', code)
		.maybeSingle();
	if (error) throw new Error(`discount_codes ${code}: ${error.message}`);
	return data ? codeRow.parse(data) : null;
}

const useRow = z.object({
	id: z.string(),
	user_id: z.string(),
	created_at: z.string(),
	discount: z.number(),
	currency: z.string(),
	status: z.string(),
});
const nameRow = z.object({
	id: z.string(),
	first_name: z.string().nullable(),
	last_name: z.string().nullable(),
});
export type DiscountUse = z.infer<typeof useRow> & { customer: string };

/**
 * The orders that used a code, newest first: the customer, the day, the amount off (minor units).
 * place_order counts a use on the code in the same transaction that stores the order with it.
 */
export async function discountUses(admin: AdminClient, code: string): Promise<DiscountUse[]> {
	const { data, error } = await admin
		.from('orders')
		.select('id, user_id, created_at, discount, currency, status')
		.eq('discount_code', code)
		.order('created_at', { ascending: false })
		.limit(200);
	if (error) throw new Error(`orders with ${code}: ${error.message}`);
	const uses = z.array(useRow).parse(data);
	const owners = [...new Set(uses.map((use) => use.user_id))];
	const names = await admin.from('profiles').select('id, first_name, last_name').in('id', owners);
	if (names.error) throw new Error(`profiles: ${names.error.message}`);
	const byId = new Map(
		z
			.array(nameRow)
			.parse(names.data)
			.map((n) => [n.id, [n.first_name, n.last_name].filter(Boolean).join(' ')]),
	);
	return uses.map((use) => ({ ...use, customer: byId.get(use.user_id) || use.user_id }));
}
