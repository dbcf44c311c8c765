import type { User } from '@supabase/supabase-js';
import type { Locale, UiKey } from '../../i18n';
import { lookUpDiscountCode } from '../discounts/lookup';
import { getPaymentGateway } from '../payments';
import { logger } from '../log/logger';
import type { Verdict } from '../rate-limit/limiter';
import type { AdminClient } from '../supabase/admin-client';
import { payByCode } from '../billing/payment-events/pay-by-code';
import { placeOrder } from './place-order';
import { priceOrder } from './price-order';
import { lineIn } from '../../lib/billing/invoice-lines';
import type { CheckoutInput } from './request';
import { startPayment } from '../payment-pages/start-payment';
import type { LocationId } from '../../lib/domain/location';
import { locationsWithRoom, withRoom } from './location-room';

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
	| { ok: false; status: number; code: string; message: UiKey }
	/** The chosen location has no room: refused before anything is written or paid. */
	| { ok: false; status: 409; code: 'location_full'; message: UiKey; available: LocationId[] }
	/** Too many discount codes tried that were not redeemable: the route's standard 429. */
	| { ok: false; status: 429; code: 'rate_limited'; verdict: Verdict & { ok: false } };

const refusal = (status: number, code: string): CheckoutResult => ({
	ok: false,
	status,
	code,
	message: `checkout.error.${code}` as UiKey,
});

const locationFull = (available: LocationId[]): CheckoutResult => ({
	ok: false,
	status: 409,
	code: 'location_full',
	message: 'checkout.error.location_full',
	available,
});

/**
 * The order's code, looked up like the check route does it and under the same limits (a miss
 * here counts toward them; once locked, any code is refused): its percentage, 0 without a code,
 * else the refusal.
 */
async function discountOf(
	input: CheckoutInput,
	who: { clientAddress: string; customerId: string },
): Promise<number | CheckoutResult> {
	if (!input.discountCode) return 0;
	const found = await lookUpDiscountCode(input.discountCode, {
		address: who.clientAddress,
		accountId: who.customerId,
	});
	if (found.kind === 'found') return found.percent;
	if (found.kind === 'limited')
		return { ok: false, status: 429, code: 'rate_limited', verdict: found.verdict };
	return found.kind === 'unknown'
		? refusal(409, 'discount_unavailable')
		: refusal(503, 'unavailable');
}

/**
 * From a checked request to an order and a way to pay it: priced by the server, written in one
 * transaction, then either sent to the gateway or, at a total of zero, settled by the code itself
 * through the same fulfilment a gateway's webhook uses.
 */
export async function checkout(
	admin: AdminClient,
	customer: User,
	input: CheckoutInput,
	context: { origin: string; locale: Locale; clientAddress: string },
): Promise<CheckoutResult> {
	const percent = await discountOf(input, {
		clientAddress: context.clientAddress,
		customerId: customer.id,
	});
	if (typeof percent !== 'number') return percent;
	const unplaced = priceOrder(input, percent, context.locale);
	if (typeof unplaced === 'string') return refusal(422, unplaced);
	const gateway = getPaymentGateway();
	if (
		unplaced.quote.total > 0 &&
		!gateway.methodsFor(unplaced.quote.currency).includes(input.method)
	)
		return refusal(422, 'method_unavailable');
	const priced = await withRoom(admin, customer.id, input.idempotencyKey, unplaced);
	if ('full' in priced) return locationFull(priced.available);
	const placed = await placeOrder(admin, customer, input, priced);
	// The last free address of the location's nodes went to another order meanwhile.
	if (placed === 'vps_addresses_exhausted') {
		const product = priced.vps ? 'vps' : 'game';
		const other = await locationsWithRoom(admin, product, priced.size, priced.location.id);
		return locationFull(other.available);
	}
	if (typeof placed === 'string') return refusal(409, placed);
	logger.info(placed.created ? 'order placed' : 'order found for the same idempotency key', {
		orderId: placed.orderId,
		invoiceId: placed.invoiceId,
		total: placed.total,
		currency: placed.currency,
	});
	let paymentUrl: string | null = null;
	if (placed.total === 0) {
		await payByCode(
			{ id: placed.invoiceId, currency: placed.currency },
			input.method,
			context.origin,
		);
	} else {
		paymentUrl = await startPayment(admin, customer, {
			...placed,
			method: input.method,
			description: lineIn(priced.line, context.locale),
			payer: { name: input.billing.name, gatewayCustomerId: placed.gatewayCustomerId },
			attemptKey: input.idempotencyKey,
			origin: context.origin,
			locale: context.locale,
		});
	}
	const { orderId, invoiceId, total, currency } = placed;
	return {
		ok: true,
		status: placed.created ? 201 : 200,
		body: { orderId, invoiceId, total, currency, paymentUrl },
	};
}
