import { z } from 'zod';
import type { User } from '@supabase/supabase-js';
import type { Locale } from '../../../i18n';
import type { InvoiceLine } from '../../../lib/billing/invoice-line';
import { routes } from '../../../lib/routes';
import { payByCode } from '../payment-events/pay-by-code';
import { getPaymentGateway } from '../../payments';
import type { AdminClient } from '../../supabase/admin-client';
import { lineColumns, lineIn } from '../../../lib/billing/invoice-lines';
import { payFromPanel } from '../panel-payment';
import {
	databaseUpgradeRefusalSchema,
	quoteUpgrade,
	type UpgradeChoice,
	type UpgradeQuote,
	type UpgradeRefusal,
} from './upgrade-quote';
import type { PaymentMethodKind } from '../../../lib/domain/payment-method';

/** What `request_service_upgrade` answers (jsonb): the upgrade and its invoice. */
const orderedSchema = z.object({ invoice_id: z.string(), upgrade_id: z.string() });

export interface OrderedUpgrade {
	/** Its payment page is routes.upgradePayment(upgradeId). */
	upgradeId: string;
	invoiceId: string;
	total: number;
	currency: string;
	paymentUrl: string | null;
	quote: UpgradeQuote;
}

/**
 * Orders an upgrade: the server's own quote, the upgrade and its invoice in one transaction (which
 * refuses a second pending upgrade and an unpaid invoice once more, under the service's lock), then
 * a payment at the gateway. A total of zero is settled at once, as a 100 % code is at checkout.
 */
export async function orderUpgrade(
	admin: AdminClient,
	customer: User,
	serviceId: string,
	choice: UpgradeChoice,
	method: PaymentMethodKind,
	context: { origin: string; locale: Locale; now: Date },
): Promise<OrderedUpgrade | UpgradeRefusal | 'method_unavailable'> {
	const quote = await quoteUpgrade(admin, customer.id, serviceId, choice, context.now);
	if (typeof quote === 'string') return quote;
	if (quote.total > 0 && !getPaymentGateway().methodsFor(quote.currency).includes(method))
		return 'method_unavailable';
	const line: InvoiceLine = {
		kind: 'upgrade',
		ramGb: quote.toConfig.ram_gb,
		storageGb: quote.toConfig.storage_gb,
		daysLeft: quote.daysLeft,
		daysInPeriod: quote.daysInPeriod,
		...(quote.addsModpack ? { extras: { modpack: true } } : {}),
	};
	const { data, error } = await admin.rpc('request_service_upgrade', {
		customer: customer.id,
		service: serviceId,
		at: context.now.toISOString(),
		to_config: quote.toConfig,
		amounts: { net: quote.net, tax_rate: quote.taxPercent, tax: quote.tax, total: quote.total },
		new_recurring: quote.newAmount,
		...lineColumns(line),
	});
	if (error) {
		const refusal = databaseUpgradeRefusalSchema.safeParse(error.message);
		if (refusal.success) return refusal.data;
		throw new Error(`request_service_upgrade: ${error.message}`);
	}
	const { invoice_id: invoiceId, upgrade_id: upgradeId } = orderedSchema.parse(data);
	const base = { upgradeId, invoiceId, total: quote.total, currency: quote.currency, quote };
	if (quote.total === 0) {
		await payByCode({ id: invoiceId, currency: quote.currency }, method, context.origin);
		return { ...base, paymentUrl: null };
	}
	const paymentUrl = await payFromPanel(
		admin,
		customer,
		{
			invoiceId,
			total: quote.total,
			currency: quote.currency,
			method,
			description: lineIn(line, context.locale),
			attemptKey: upgradeId,
		},
		{ ...context, returnPath: routes.upgradePayment(upgradeId) },
	);
	return { ...base, paymentUrl };
}
