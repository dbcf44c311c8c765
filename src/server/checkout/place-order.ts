import type { User } from '@supabase/supabase-js';
import type { AdminClient } from '../supabase/admin-client';
import type { PricedOrder } from './price-order';
import type { CheckoutInput } from './request';

export interface PlacedOrder {
	orderId: string;
	invoiceId: string;
	serviceId: string;
	total: number;
	currency: string;
	created: boolean;
}

/**
 * Writes the order in one transaction (`place_order`): the same idempotency key gives back the
 * order it made, and a code is counted only if it can still be used. The billing details are saved
 * to the profile too, so the next checkout starts filled in.
 */
export async function placeOrder(
	admin: AdminClient,
	customer: User,
	input: CheckoutInput,
	priced: PricedOrder,
): Promise<PlacedOrder | 'discount_unavailable'> {
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
		description: priced.description,
		payment_method: quote.total === 0 ? 'none' : input.method,
	});
	if (error?.message === 'discount_unavailable') return 'discount_unavailable';
	if (error) throw new Error(`place_order failed: ${error.message}`);
	const row = data as {
		order_id: string;
		invoice_id: string;
		service_id: string;
		total: number;
		currency: string;
		created: boolean;
	};
	if (row.created) await saveBillingToProfile(admin, customer.id, input.billing);
	return {
		orderId: row.order_id,
		invoiceId: row.invoice_id,
		serviceId: row.service_id,
		total: Number(row.total),
		currency: row.currency,
		created: row.created,
	};
}

async function saveBillingToProfile(
	admin: AdminClient,
	userId: string,
	billing: CheckoutInput['billing'],
): Promise<void> {
	const [first = '', ...rest] = billing.name.split(/\s+/);
	const { error } = await admin
		.from('profiles')
		.update({
			first_name: first.slice(0, 100),
			last_name: rest.join(' ').slice(0, 100),
			address: billing.address,
			postal_code: billing.postcode,
			city: billing.city,
			country: billing.country,
		})
		.eq('id', userId);
	if (error)
		console.error('[checkout] could not save billing details to the profile:', error.message);
}
