import { z } from 'zod';
import type { User } from '@supabase/supabase-js';
import type { AdminClient } from '../supabase/admin-client';
import type { PricedOrder } from './price-order';
import { lineColumns } from '../../lib/billing/invoice-lines';
import type { CheckoutInput } from './request';

export interface PlacedOrder {
	orderId: string;
	invoiceId: string;
	serviceId: string;
	total: number;
	currency: string;
	created: boolean;
	/** The customer's id at the payment gateway, once a gateway has made one. */
	gatewayCustomerId: string | null;
}

/** What `place_order` answers (jsonb): the order it made, or the one the same key made before. */
const placedSchema = z.object({
	order_id: z.string(),
	invoice_id: z.string(),
	service_id: z.string(),
	total: z.number().int(),
	currency: z.string(),
	created: z.boolean(),
	gateway_customer_id: z.string().nullable(),
});

/**
 * Writes the order in one transaction (`place_order`): the same idempotency key gives back the
 * order it made, a code is counted only if it can still be used, and the billing details are saved
 * to the profile in the same transaction, so the next checkout starts filled in.
 */
export async function placeOrder(
	admin: AdminClient,
	customer: User,
	input: CheckoutInput,
	priced: PricedOrder,
): Promise<
	| PlacedOrder
	| 'discount_unavailable'
	| 'subdomain_taken'
	| 'vps_addresses_exhausted'
	| 'vps_unpaid_orders'
> {
	const { quote } = priced;
	const { data, error } = await admin.rpc('place_order', {
		customer: customer.id,
		idempotency_key: input.idempotencyKey,
		service: priced.service,
		amounts: {
			currency: quote.currency,
			subtotal: quote.subtotal,
			discount: quote.discount,
			discount_code: priced.discountCode,
			discount_percent: quote.discountPercent,
			tax_rate: quote.taxPercent,
			tax: quote.tax,
			total: quote.total,
		},
		billing: input.billing,
		...lineColumns(priced.line),
		payment_method: quote.total === 0 ? 'none' : input.method,
	});
	if (error?.message === 'discount_unavailable') return 'discount_unavailable';
	// No free address on a node with the image: refused before payment, nothing written.
	if (error?.message === 'vps_addresses_exhausted') return 'vps_addresses_exhausted';
	// The account already holds as many unpaid VPS orders as it may (policy.unpaidVpsOrdersPerAccount).
	if (error?.message === 'vps_unpaid_orders') return 'vps_unpaid_orders';
	// Another live service holds the label (services_live_subdomain): nothing was written.
	if (error?.code === '23505' && error.message.includes('services_live_subdomain'))
		return 'subdomain_taken';
	if (error) throw new Error(`place_order failed: ${error.message}`);
	const row = placedSchema.parse(data);
	return {
		orderId: row.order_id,
		invoiceId: row.invoice_id,
		serviceId: row.service_id,
		total: row.total,
		currency: row.currency,
		created: row.created,
		gatewayCustomerId: row.gateway_customer_id,
	};
}
