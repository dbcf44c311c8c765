import type { User } from '@supabase/supabase-js';
import { localizePath, type Locale } from '../../i18n';
import { startPayment } from '../payment-pages/start-payment';
import type { AdminClient } from '../supabase/admin-client';
import type { PaymentMethodKind } from '../../lib/domain/payment-method';

/** What a customer pays from the panel: an upgrade, a pause, a renewal, several invoices. */
export interface PanelPayable {
	/** An invoice, or a payment bundle of several. */
	invoiceId: string;
	total: number;
	currency: string;
	method: PaymentMethodKind;
	description: string;
	/** The same key gives the same payment session (a double click). */
	attemptKey: string;
}

/**
 * A gateway payment for something bought in the panel, in the customer's name and with their
 * gateway customer (so Stripe keeps one customer and their saved cards); back to the panel after.
 */
export async function payFromPanel(
	admin: AdminClient,
	customer: User,
	payable: PanelPayable,
	/** `returnPath`: a locale-free panel path to come back to; the dashboard when left out. */
	context: { origin: string; locale: Locale; returnPath?: string },
): Promise<string> {
	const { data: profile } = await admin
		.from('profiles')
		.select('first_name, last_name, stripe_customer_id')
		.eq('id', customer.id)
		.maybeSingle();
	return startPayment(admin, customer, {
		...payable,
		orderId: null,
		payer: {
			name: `${profile?.first_name ?? ''} ${profile?.last_name ?? ''}`.trim(),
			gatewayCustomerId: profile?.stripe_customer_id ?? null,
		},
		returnPath: localizePath(context.returnPath ?? '/panel', context.locale),
		origin: context.origin,
		locale: context.locale,
	});
}
