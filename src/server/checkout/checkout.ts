import type { User } from '@supabase/supabase-js';
import type { Locale, UiKey } from '../../i18n';
import { getPaymentGateway } from '../payments';
import { logger } from '../log/logger';
import type { AdminClient } from '../supabase/admin-client';
import { handlePaymentEvent } from './fulfilment';
import { placeOrder } from './place-order';
import { priceOrder } from './price-order';
import type { CheckoutInput } from './request';
import { startPayment } from './start-payment';

export type CheckoutResult =
	| {
			ok: true;
			status: 200 | 201;
			body: {
				orderId: string;
				invoiceId: string;
				total: number;
				currency: string;
				paymentUrl: string | null;
			};
	  }
	| { ok: false; status: number; code: string; message: UiKey };

const refusal = (status: number, code: string): CheckoutResult => ({
	ok: false,
	status,
	code,
	message: `checkout.error.${code}` as UiKey,
});

/**
 * From a checked request to an order and a way to pay it: priced by the server, written in one
 * transaction, then either sent to the gateway or, at a total of zero, settled by the code itself
 * through the same fulfilment a gateway's webhook uses.
 */
export async function checkout(
	admin: AdminClient,
	customer: User,
	input: CheckoutInput,
	context: { origin: string; locale: Locale },
): Promise<CheckoutResult> {
	const priced = await priceOrder(admin, input);
	if (typeof priced === 'string')
		return refusal(priced === 'discount_unavailable' ? 409 : 422, priced);
	const gateway = getPaymentGateway();
	if (priced.quote.total > 0 && !gateway.methodsFor(priced.quote.currency).includes(input.method))
		return refusal(422, 'method_unavailable');
	const placed = await placeOrder(admin, customer, input, priced);
	if (placed === 'discount_unavailable') return refusal(409, 'discount_unavailable');
	logger.info(placed.created ? 'order placed' : 'order found for the same idempotency key', {
		orderId: placed.orderId,
		invoiceId: placed.invoiceId,
		total: placed.total,
		currency: placed.currency,
	});
	let paymentUrl: string | null = null;
	if (placed.total === 0) {
		await handlePaymentEvent(
			{
				kind: 'paid',
				eventId: `code-${placed.invoiceId}`,
				gateway: 'code',
				invoiceId: placed.invoiceId,
				amount: 0,
				currency: placed.currency,
				paymentId: `code-${placed.invoiceId}`,
				method: input.method,
			},
			context.origin,
		);
	} else {
		paymentUrl = await startPayment(admin, customer, {
			...placed,
			method: input.method,
			description: priced.description,
			payer: { name: input.billing.name, gatewayCustomerId: placed.gatewayCustomerId },
			attemptKey: input.idempotencyKey,
			...context,
		});
	}
	const { orderId, invoiceId, total, currency } = placed;
	return {
		ok: true,
		status: placed.created ? 201 : 200,
		body: { orderId, invoiceId, total, currency, paymentUrl },
	};
}
