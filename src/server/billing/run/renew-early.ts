import { openInvoiceStatuses } from '../../../lib/domain/invoice-status';
import type { User } from '@supabase/supabase-js';
import type { Locale } from '../../../i18n';
import { isUuid } from '../../../lib/uuid';
import { getPaymentGateway } from '../../payments';
import type { AdminClient } from '../../supabase/admin-client';
import { firstLine, storedLineIn } from '../../../lib/billing/invoice-lines';
import { payFromPanel } from '../panel-payment';
import { issueRenewalInvoice, type RenewalSubject } from './renewal-invoice';
import type { PaymentMethodKind } from '../../../lib/domain/payment-method';
import { locationIdSchema } from '../../../lib/domain/location';

export type RenewRefusal = 'not_found' | 'not_renewable' | 'method_unavailable';

/**
 * Renews now rather than in the last week of the period: the next renewal invoice is issued today
 * (the same one the run would issue, once per period) and opened for payment. Paying it extends the
 * period from the current due date, as any renewal does. An invoice already issued is the one paid.
 */
export async function renewEarly(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	method: PaymentMethodKind,
	context: { origin: string; locale: Locale; now: Date },
): Promise<
	{ invoiceId: string; total: number; currency: string; paymentUrl: string } | RenewRefusal
> {
	if (!isUuid(serviceId)) return 'not_found';
	const { data: s } = await admin
		.from('services')
		.select('*')
		.eq('id', serviceId)
		.eq('user_id', customer.id)
		.maybeSingle();
	if (!s) return 'not_found';
	if (
		!['active', 'suspended'].includes(s.status) ||
		s.cancel_at_period_end ||
		!s.current_period_end
	)
		return 'not_renewable';
	if (!getPaymentGateway().methodsFor(s.currency).includes(method)) return 'method_unavailable';
	const { data: profile } = await admin
		.from('profiles')
		.select('country')
		.eq('id', customer.id)
		.maybeSingle();
	const subject: RenewalSubject = {
		id: s.id,
		billing_cycle: s.billing_cycle,
		country: profile?.country ?? null,
		period_end: s.current_period_end,
		anchor_day: s.anchor_day ?? new Date(s.current_period_end).getUTCDate(),
		recurring_amount: s.recurring_amount,
		plan_id: s.plan_id,
		ram_gb: s.ram_gb,
		location: locationIdSchema.parse(s.location),
	};
	await issueRenewalInvoice(admin, subject, context.now);
	const { data: invoice } = await admin
		.from('invoices')
		.select('id, status, total, currency, invoice_items(description, line, position)')
		.eq('service_id', s.id)
		.eq('kind', 'renewal')
		.eq('period_start', s.current_period_end)
		.in('status', [...openInvoiceStatuses])
		.maybeSingle();
	if (!invoice) return 'not_renewable'; // already paid for the coming period
	const paymentUrl = await payFromPanel(
		admin,
		customer,
		{
			invoiceId: invoice.id,
			total: invoice.total,
			currency: invoice.currency,
			method,
			description: storedLineIn(
				firstLine(invoice.invoice_items) ?? { description: '' },
				context.locale,
			),
			attemptKey: `renew-${context.now.getTime()}`,
		},
		context,
	);
	return { invoiceId: invoice.id, total: invoice.total, currency: invoice.currency, paymentUrl };
}
