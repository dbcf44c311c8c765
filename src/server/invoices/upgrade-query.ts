import { z } from 'zod';
import type { Locale } from '../../i18n';
import { daysBetween } from '../../lib/billing';
import { productTypeSchema } from '../../lib/domain/product';
import { upgradeStatusSchema } from '../../lib/domain/upgrade-status';
import type { UpgradePayment } from '../../lib/panel/types';
import { isUuid } from '../../lib/uuid';
import type { CustomerClient } from '../supabase/customer-client';
import { invoiceDetail } from './detail-query';

/** A build as `service_upgrades.from_config` and `to_config` keep it (jsonb). */
const config = z.object({ ram_gb: z.number().int(), storage_gb: z.number().int() });

const day = (iso: string) => iso.slice(0, 10);

/**
 * An upgrade as its payment page shows it: from and to, the days it is charged for, the new
 * price from the next period, and its invoice. Null when it is not the customer's.
 */
export async function upgradePayment(
	client: CustomerClient,
	userId: string,
	upgradeId: string,
	now: Date,
	locale: Locale,
): Promise<UpgradePayment | null> {
	if (!isUuid(upgradeId)) return null;
	const { data: row, error } = await client
		.from('service_upgrades')
		.select(
			'id, status, from_config, to_config, new_recurring_amount, invoice_id, services(product_type, billing_cycle, current_period_start, current_period_end)',
		)
		.eq('id', upgradeId)
		.eq('user_id', userId)
		.maybeSingle();
	if (error) throw new Error(`service_upgrades ${upgradeId}: ${error.message}`);
	if (!row?.invoice_id) return null;
	const invoice = await invoiceDetail(client, userId, row.invoice_id, now, locale);
	if (!invoice?.periodStart || !invoice.periodEnd) return null;
	const from = config.parse(row.from_config);
	const to = config.parse(row.to_config);
	const service = row.services;
	const samePeriod =
		service?.current_period_start &&
		service.current_period_end &&
		day(service.current_period_end) === day(invoice.periodEnd);
	return {
		id: row.id,
		status: upgradeStatusSchema.parse(row.status),
		product: productTypeSchema.parse(service?.product_type ?? 'game'),
		from: { ramGb: from.ram_gb, storageGb: from.storage_gb },
		to: { ramGb: to.ram_gb, storageGb: to.storage_gb },
		daysLeft: daysBetween(day(invoice.periodStart), day(invoice.periodEnd)),
		daysInPeriod: samePeriod
			? daysBetween(day(service.current_period_start!), day(service.current_period_end!))
			: null,
		newRecurringAmount: Number(row.new_recurring_amount),
		billingCycle: service?.billing_cycle ?? '',
		invoice,
	};
}
