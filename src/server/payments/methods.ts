import { isCurrency } from '../../lib/domain/currency';
import { methodsFor } from '../../lib/payment-methods';
import { PaymentRequestError } from './errors';
import type { CheckoutRequest } from './types';

// The matrix itself is shared with the pages (src/lib/payment-methods.ts): one list for all.
export { methodsFor };

function isAbsoluteHttpUrl(value: string): boolean {
	try {
		const url = new URL(value);
		return url.protocol === 'https:' || url.protocol === 'http:';
	} catch {
		return false;
	}
}

/**
 * Refuses a request either gateway would refuse later (or, worse, accept as something else): the
 * caller learns at once, with the field named, instead of from a half-made session.
 */
export function checkCheckoutRequest(request: CheckoutRequest): void {
	const problem = (message: string) => new PaymentRequestError(`Checkout ${message}`);
	if (!isCurrency(request.currency))
		throw problem(`currency ${String(request.currency)} is not sold`);
	if (!methodsFor(request.currency).includes(request.method))
		throw problem(`method ${request.method} is not offered in ${request.currency}`);
	if (!Number.isSafeInteger(request.amount) || request.amount <= 0)
		throw problem(`amount must be a positive integer of minor units, not ${request.amount}`);
	if (!isAbsoluteHttpUrl(request.successUrl) || !isAbsoluteHttpUrl(request.cancelUrl))
		throw problem('successUrl and cancelUrl must be absolute http(s) URLs');
	// Stripe allows 255 characters; the customer record's key appends a suffix to this one.
	if (request.idempotencyKey.length < 8 || request.idempotencyKey.length > 200)
		throw problem('idempotencyKey must be 8 to 200 characters');
	if (!request.description.trim()) throw problem('description is empty');
	if (!request.invoiceId || !request.orderId) throw problem('needs invoiceId and orderId');
}
