import type { User } from '@supabase/supabase-js';
import type { Locale } from '../../i18n';
import { isUuid } from '../../lib/uuid';
import { firstLine, storedLineIn } from '../../lib/billing/invoice-lines';
import { getPaymentGateway } from '../payments';
import type { AdminClient } from '../supabase/admin-client';
import { startPayment } from '../payment-pages/start-payment';
import type { PaymentMethodKind } from '../../lib/domain/payment-method';

/**
 * Pays an existing order again: its first invoice if still unpaid gets a new payment session, a
 * paid one answers with no payment to make. The order, service and invoice stay the same.
 */
export async function retryPayment(
	admin: AdminClient,
	customer: User,
	orderId: string,
	method: PaymentMethodKind,
	context: { origin: string; locale: Locale },
): Promise<
	| { orderId: string; invoiceId: string; paymentUrl: string | null }
	| 'not_found'
	| 'method_unavailable'
> {
	if (!isUuid(orderId)) return 'not_found';
	const { data: invoice } = await admin
		.from('invoices')
		.select(
			'id, status, total, currency, user_id, billing_name, invoice_items(description, line, position)',
		)
		.eq('order_id', orderId)
		.eq('kind', 'new')
		.maybeSingle();
	if (!invoice || invoice.user_id !== customer.id) return 'not_found';
	const base = { orderId, invoiceId: invoice.id };
	if (invoice.status !== 'unpaid') return { ...base, paymentUrl: null };
	if (!getPaymentGateway().methodsFor(invoice.currency).includes(method))
		return 'method_unavailable';
	const { data: profile } = await admin
		.from('profiles')
		.select('stripe_customer_id')
		.eq('id', customer.id)
		.maybeSingle();
	const paymentUrl = await startPayment(admin, customer, {
		...base,
		total: Number(invoice.total),
		currency: invoice.currency,
		method,
		description: storedLineIn(
			firstLine(invoice.invoice_items) ?? { description: '' },
			context.locale,
		),
		payer: {
			name: invoice.billing_name,
			gatewayCustomerId: profile?.stripe_customer_id ?? null,
		},
		// Each retry is a new attempt: the previous session was declined or abandoned.
		attemptKey: `retry-${Date.now()}`,
		...context,
	});
	return { ...base, paymentUrl };
}
