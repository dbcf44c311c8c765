import type { User } from '@supabase/supabase-js';
import type { Locale } from '../../i18n';
import type { InvoiceLine } from '../../lib/billing/invoice-line';
import { routes } from '../../lib/routes';
import { handlePaymentEvent } from '../checkout/fulfilment';
import { getGamePanel } from '../game-panel';
import { getPaymentGateway } from '../payments';
import type { AdminClient } from '../supabase/admin-client';
import { lineColumns, lineIn } from './invoice-lines';
import { payFromPanel } from './panel-payment';
import { refOf } from './panel-steps';
import {
	quoteUpgrade,
	type UpgradeChoice,
	type UpgradeQuote,
	type UpgradeRefusal,
} from './upgrade-quote';
import type { PaymentMethodKind } from '../../lib/domain/payment-method';

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
	const refusal = error?.message as UpgradeRefusal | undefined;
	if (refusal && ['not_found', 'not_active', 'unpaid_invoice', 'upgrade_pending'].includes(refusal))
		return refusal;
	if (error) throw new Error(`request_service_upgrade: ${error.message}`);
	const { invoice_id: invoiceId, upgrade_id: upgradeId } = data as {
		invoice_id: string;
		upgrade_id: string;
	};
	const base = { upgradeId, invoiceId, total: quote.total, currency: quote.currency, quote };
	if (quote.total === 0) {
		await handlePaymentEvent(
			{
				kind: 'paid',
				eventId: `code-${invoiceId}`,
				gateway: 'code',
				invoiceId,
				amount: 0,
				currency: quote.currency,
				paymentId: `code-${invoiceId}`,
				method,
			},
			context.origin,
		);
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

/**
 * A paid upgrade invoice: the new build on the game panel first, then the service's new size and,
 * from the next renewal, its new price. Returns false when there is nothing (more) to apply.
 */
export async function afterUpgradePaid(admin: AdminClient, invoiceId: string): Promise<boolean> {
	const { data } = await admin.rpc('paid_upgrade', { invoice: invoiceId });
	const paid = data as {
		to_config: { ram_gb: number; storage_gb: number };
		panel_server_id: string | null;
		panel_identifier: string | null;
	} | null;
	if (!paid) return false;
	const ref = refOf(paid);
	if (ref)
		await getGamePanel().updateBuild(ref, {
			ramGb: paid.to_config.ram_gb,
			storageGb: paid.to_config.storage_gb,
		});
	const { error } = await admin.rpc('apply_service_upgrade', { invoice: invoiceId });
	if (error) throw new Error(`apply_service_upgrade: ${error.message}`);
	return true;
}
