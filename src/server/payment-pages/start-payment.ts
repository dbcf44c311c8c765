import type { User } from '@supabase/supabase-js';
import { routes } from '../../lib/routes';
import { localizePath, type Locale } from '../../i18n';
import { getPaymentGateway } from '../payments';
import type { AdminClient } from '../supabase/admin-client';
import { currencySchema } from '../../lib/domain/currency';
import type { PaymentMethodKind } from '../../lib/domain/payment-method';

interface Payable {
	/** The order paid for; a later invoice of a service (an upgrade, a pause) has none. */
	orderId: string | null;
	invoiceId: string;
	total: number;
	currency: string;
	method: PaymentMethodKind;
	description: string;
	/** Who pays: the name on the invoice, and their customer id at the gateway if it made one. */
	payer: { name: string; gatewayCustomerId: string | null };
	origin: string;
	locale: Locale;
	/** Where the gateway sends the customer back (a path); the order's progress page by default. */
	returnPath?: string;
	/** The same key gives the same payment session (a double click); a retry brings a new one. */
	attemptKey: string;
}

/**
 * Opens a payment for an unpaid invoice on the configured gateway and returns where to send the
 * customer. Used for the first try and for every retry after a decline or an abandoned page: the
 * order stays the same, only a new payment session is made.
 */
export async function startPayment(
	admin: AdminClient,
	customer: User,
	payable: Payable,
): Promise<string> {
	const gateway = getPaymentGateway();
	const complete = new URL(
		payable.returnPath ??
			`${localizePath(routes.checkoutComplete, payable.locale)}?order=${payable.orderId}`,
		payable.origin,
	).href;
	const session = await gateway.createCheckout({
		invoiceId: payable.invoiceId,
		orderId: payable.orderId ?? payable.invoiceId,
		amount: payable.total,
		currency: currencySchema.parse(payable.currency),
		method: payable.method,
		customer: {
			profileId: customer.id,
			email: customer.email ?? '',
			name: payable.payer.name,
			gatewayCustomerId: payable.payer.gatewayCustomerId,
		},
		description: payable.description,
		locale: payable.locale,
		successUrl: complete,
		cancelUrl: `${complete}${complete.includes('?') ? '&' : '?'}cancelled=1`,
		idempotencyKey: `pay-${payable.invoiceId}-${payable.attemptKey}`,
	});
	await admin
		.from('invoices')
		.update({ gateway: gateway.name, gateway_session_id: session.sessionId })
		.eq('id', payable.invoiceId);
	if (
		session.gatewayCustomerId &&
		gateway.name === 'stripe' &&
		session.gatewayCustomerId !== payable.payer.gatewayCustomerId
	)
		await admin
			.from('profiles')
			.update({ stripe_customer_id: session.gatewayCustomerId })
			.eq('id', customer.id);
	return session.url;
}
