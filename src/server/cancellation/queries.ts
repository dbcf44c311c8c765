import { openInvoiceStatuses } from '../../lib/domain/invoice-status';
import { anchorDayOf, pauseQuotes } from '../../lib/billing/pause-quote';
import { vatRateFor } from '../../lib/catalogue';
import { currencySchema } from '../../lib/domain/currency';
import { isUuid } from '../../lib/uuid';
import type { CancelPage } from '../../lib/panel/types';
import { moneyBackOffer } from '../billing/refund/money-back-offer';
import { dateOf } from '../billing/run/renewal-invoice';
import { serviceRef } from '../invoices/rows';
import { liveChatForBrowser } from '../live-chat';
import type { CustomerClient } from '../supabase/customer-client';
import { pauseRefusalNow } from './pause-offer';

const columns =
	'id, product_type, game, plan_id, label, status, cancel_at_period_end, current_period_start, current_period_end, anchor_day, billing_cycle, currency, vps_machines(hostname)';

const must = <T>(what: string, { data, error }: { data: T; error: { message: string } | null }) => {
	if (error) throw new Error(`${what}: ${error.message}`);
	return data;
};

/**
 * The cancel page in one answer, read as the customer: the server, its period, whether a pause
 * can be taken now and what each length costs (with VAT at the customer's rate, as the pause
 * invoice will charge it), and the live chat the offers open. Null when it is not theirs.
 */
export async function cancelPage(
	client: CustomerClient,
	userId: string,
	serviceId: string,
	now: Date,
): Promise<CancelPage | null> {
	if (!isUuid(serviceId)) return null;
	const service = must(
		`service ${serviceId}`,
		await client
			.from('services')
			.select(columns)
			.eq('id', serviceId)
			.eq('user_id', userId)
			.maybeSingle(),
	);
	if (!service) return null;
	const [pauses, open, profile, moneyBack] = await Promise.all([
		client
			.from('service_pauses')
			.select('status, invoice_id')
			.eq('service_id', serviceId)
			.eq('user_id', userId)
			.in('status', ['pending', 'active']),
		client
			.from('invoices')
			.select('id')
			.eq('service_id', serviceId)
			.eq('user_id', userId)
			.in('status', [...openInvoiceStatuses]),
		client.from('profiles').select('country').eq('id', userId).maybeSingle(),
		moneyBackOffer(client, userId, serviceId, now),
	]);
	const openPauses = must('service_pauses', pauses) ?? [];
	// A pending pause's unpaid invoice is replaced by the next request, so it does not refuse one.
	const pendingInvoice = openPauses.find((p) => p.status === 'pending')?.invoice_id ?? null;
	const refusal = pauseRefusalNow(
		{
			status: service.status,
			cancelAtPeriodEnd: service.cancel_at_period_end,
			periodEnd: service.current_period_end,
			paused: openPauses.some((p) => p.status === 'active'),
			openInvoices: (must('invoices', open) ?? []).filter((i) => i.id !== pendingInvoice).length,
		},
		now,
	);
	const due = service.current_period_end;
	const quotes = due
		? pauseQuotes({
				currency: currencySchema.parse(service.currency),
				dueDate: dateOf(due),
				anchorDay: anchorDayOf(service.anchor_day, service.current_period_start, due),
				taxRate: vatRateFor(must('profile', profile)?.country),
			})
		: [];
	return {
		service: serviceRef(service),
		status: service.status,
		cancelAtPeriodEnd: service.cancel_at_period_end,
		periodEnd: due ? new Date(due).toISOString() : null,
		billingCycle: service.billing_cycle,
		currency: service.currency,
		pause: { possible: refusal === null, refusal, quotes },
		chat: liveChatForBrowser(),
		moneyBack,
	};
}
