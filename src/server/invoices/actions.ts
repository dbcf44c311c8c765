import { isOpenInvoice } from '../../lib/domain/invoice-status';
import type { User } from '@supabase/supabase-js';
import type { Locale } from '../../i18n';
import { isUuid } from '../../lib/uuid';
import { routes } from '../../lib/routes';
import { payFromPanel } from '../billing/panel-payment';
import { getPaymentGateway } from '../payments';
import type { AdminClient } from '../supabase/admin-client';
import type { PaymentMethodKind } from '../../lib/domain/payment-method';

export type PayRefusal = 'not_found' | 'not_payable' | 'method_unavailable';

/**
 * Pay now: a gateway payment for one of the customer's open invoices, for its total as it stands
 * (late fee included), back on the invoice's page afterwards. Paid, it settles through the same
 * fulfilment as any payment: a renewal extends, an upgrade applies, a first order provisions.
 */
export async function payInvoice(
	admin: AdminClient,
	customer: User,
	invoiceId: string,
	method: PaymentMethodKind,
	context: { origin: string; locale: Locale },
): Promise<{ paymentUrl: string } | PayRefusal> {
	if (!isUuid(invoiceId)) return 'not_found';
	const { data: invoice, error } = await admin
		.from('invoices')
		.select('id, number, status, total, currency, service_upgrades(id)')
		.eq('id', invoiceId)
		.eq('user_id', customer.id)
		.maybeSingle();
	if (error) throw new Error(`invoice ${invoiceId}: ${error.message}`);
	if (!invoice) return 'not_found';
	const total = Number(invoice.total);
	if (!isOpenInvoice(invoice.status) || total <= 0) return 'not_payable';
	if (!getPaymentGateway().methodsFor(invoice.currency).includes(method))
		return 'method_unavailable';
	// An upgrade's customer comes back to the upgrade (which then says it is live), others to the invoice.
	const upgradeId = invoice.service_upgrades[0]?.id;
	const returnPath = upgradeId ? routes.upgradePayment(upgradeId) : routes.invoice(invoiceId);
	const paymentUrl = await payFromPanel(
		admin,
		customer,
		{
			invoiceId,
			total,
			currency: invoice.currency,
			method,
			description: invoice.number,
			// A late fee that grew since the last attempt is a new amount: a new session for it.
			attemptKey: `${method}-${total}`,
		},
		{ ...context, returnPath },
	);
	return { paymentUrl };
}
