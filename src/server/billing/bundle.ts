import type { User } from '@supabase/supabase-js';
import { localizePath, type Locale } from '../../i18n';
import { startPayment } from '../checkout/start-payment';
import { getPaymentGateway } from '../payments';
import type { PaymentMethodKind } from '../payments/types';
import type { AdminClient } from '../supabase/admin-client';

export type BundleRefusal = 'not_payable' | 'mixed_currencies' | 'method_unavailable';

/**
 * One payment for several open invoices of the customer, in one currency: a bundle with their
 * totals of now, and a gateway payment for their sum. Paid, each invoice is settled as if paid on
 * its own (renewals extend, upgrades apply, first orders provision).
 */
export async function payInvoices(
	admin: AdminClient,
	customer: User,
	invoiceIds: string[],
	method: PaymentMethodKind,
	context: { origin: string; locale: Locale },
): Promise<
	{ bundleId: string; total: number; currency: string; paymentUrl: string } | BundleRefusal
> {
	const { data, error } = await admin.rpc('create_payment_bundle', {
		customer: customer.id,
		invoice_ids: [...new Set(invoiceIds)],
	});
	if (error?.message === 'not_payable' || error?.message === 'mixed_currencies')
		return error.message;
	if (error) throw new Error(`create_payment_bundle: ${error.message}`);
	const bundle = data as { bundle_id: string; total: number; currency: string };
	if (!getPaymentGateway().methodsFor(bundle.currency).includes(method))
		return 'method_unavailable';
	const { data: profile } = await admin
		.from('profiles')
		.select('first_name, last_name, stripe_customer_id')
		.eq('id', customer.id)
		.maybeSingle();
	const paymentUrl = await startPayment(admin, customer, {
		orderId: null,
		invoiceId: bundle.bundle_id,
		total: bundle.total,
		currency: bundle.currency,
		method,
		description: `${invoiceIds.length} invoices`,
		payer: {
			name: `${profile?.first_name ?? ''} ${profile?.last_name ?? ''}`.trim(),
			gatewayCustomerId: profile?.stripe_customer_id ?? null,
		},
		returnPath: localizePath('/panel', context.locale),
		origin: context.origin,
		locale: context.locale,
		attemptKey: bundle.bundle_id,
	});
	return { bundleId: bundle.bundle_id, total: bundle.total, currency: bundle.currency, paymentUrl };
}
