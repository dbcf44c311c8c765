import { z } from 'zod';
import type { User } from '@supabase/supabase-js';
import { useTranslations, type Locale } from '../../i18n';
import { getPaymentGateway } from '../payments';
import type { AdminClient } from '../supabase/admin-client';
import { payFromPanel } from './panel-payment';
import type { PaymentMethodKind } from '../../lib/domain/payment-method';

/** What `create_payment_bundle` answers (jsonb): the bundle and the sum of its invoices. */
const bundleSchema = z.object({
	bundle_id: z.string(),
	total: z.number().int(),
	currency: z.string(),
});

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
	context: { origin: string; locale: Locale; returnPath?: string },
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
	const bundle = bundleSchema.parse(data);
	if (!getPaymentGateway().methodsFor(bundle.currency).includes(method))
		return 'method_unavailable';
	const paymentUrl = await payFromPanel(
		admin,
		customer,
		{
			invoiceId: bundle.bundle_id,
			total: bundle.total,
			currency: bundle.currency,
			method,
			description: useTranslations(context.locale)('invoice.charge.bundle', {
				count: invoiceIds.length,
			}),
			attemptKey: bundle.bundle_id,
		},
		context,
	);
	return { bundleId: bundle.bundle_id, total: bundle.total, currency: bundle.currency, paymentUrl };
}
