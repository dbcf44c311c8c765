import { isOpenInvoice } from '../../../lib/domain/invoice-status';
import { z } from 'zod';
import { prorate, type Proration } from '../../../lib/billing';
import { vatRateFor } from '../../../lib/catalogue';
import {
	cycleAmountOf,
	extrasAfter,
	PricingError,
	resolveConfiguration,
	vpsSpecs,
	type PricingErrorCode,
	type ResolvedConfiguration,
} from '../../../lib/pricing';
import { billingCycleIdSchema } from '../../../lib/domain/billing-cycle';
import { isUuid } from '../../../lib/uuid';
import type { AdminClient } from '../../supabase/admin-client';
import { dateOf } from '../run/renewal-invoice';

/** The bigger server a customer asks for: the plan, cycle and currency stay the service's. */
export interface UpgradeChoice {
	ram: number;
	storageGb: number | null;
	/** As the request names them: checked against the plan when priced (unknown_extra). */
	extras: readonly string[];
}

/** The refusals `request_service_upgrade` raises too (as its error message), changing nothing. */
export const databaseUpgradeRefusals = [
	'not_found',
	'not_active',
	'unpaid_invoice',
	'upgrade_pending',
] as const;
export type DatabaseUpgradeRefusal = (typeof databaseUpgradeRefusals)[number];
/** Reads a refusal out of the database's error message (anything else is a real failure). */
export const databaseUpgradeRefusalSchema = z.enum(databaseUpgradeRefusals);

export type UpgradeRefusal =
	| DatabaseUpgradeRefusal
	| 'not_an_upgrade'
	/** The subdomain extra needs a label, chosen at checkout: it is not added by an upgrade. */
	| 'subdomain_not_upgradable'
	| PricingErrorCode;

export interface UpgradeQuote extends Proration {
	currency: string;
	/** The cycle price now and after the upgrade, before VAT: the new one applies from the next period. */
	oldAmount: number;
	newAmount: number;
	taxPercent: number;
	toConfig: { ram_gb: number; storage_gb: number; modpack_installation: boolean };
	/** Whether the upgrade adds the modpack extra the service did not have (its invoice line says so). */
	addsModpack: boolean;
}

/**
 * What an upgrade costs today, line by line: (new cycle amount − old) × days left ÷ days in the
 * period, VAT at the customer's current rate on top. Refused while the service is not active or
 * has an unpaid invoice, and for anything that is not bigger than what the customer has.
 */
export async function quoteUpgrade(
	admin: AdminClient,
	customerId: string,
	serviceId: string,
	choice: UpgradeChoice,
	now: Date,
): Promise<UpgradeQuote | UpgradeRefusal> {
	if (!isUuid(serviceId)) return 'not_found';
	const { data: s } = await admin
		.from('services')
		.select('*, invoices(status), service_upgrades(status)')
		.eq('id', serviceId)
		.eq('user_id', customerId)
		.maybeSingle();
	if (!s) return 'not_found';
	if (s.status !== 'active' || !s.current_period_start || !s.current_period_end)
		return 'not_active';
	if (s.service_upgrades.some((upgrade) => upgrade.status === 'pending')) return 'upgrade_pending';
	if (s.invoices.some((invoice) => isOpenInvoice(invoice.status))) return 'unpaid_invoice';
	if (choice.ram < s.ram_gb || (choice.storageGb ?? s.storage_gb) < s.storage_gb)
		return 'not_an_upgrade';
	// Priced with every extra the service holds, whatever the request lists: an upgrade keeps them.
	if (choice.extras.includes('subDomain') && !s.subdomain_extra) return 'subdomain_not_upgradable';
	const extras = extrasAfter(s, choice.extras);
	let resolved: ResolvedConfiguration;
	try {
		resolved = resolveConfiguration({
			...choice,
			extras,
			planId: s.plan_id,
			cycle: billingCycleIdSchema.parse(s.billing_cycle),
			currency: s.currency,
		});
	} catch (error) {
		if (error instanceof PricingError) return error.code;
		throw error;
	}
	const newAmount = cycleAmountOf(resolved);
	const storageGb = resolved.storage?.gb ?? vpsSpecs(resolved.plan, resolved.ram).storageGb;
	if (newAmount <= s.recurring_amount || storageGb < s.storage_gb) return 'not_an_upgrade';
	const { data: profile } = await admin
		.from('profiles')
		.select('country')
		.eq('id', customerId)
		.maybeSingle();
	const taxPercent = vatRateFor(profile?.country ?? '');
	const today = dateOf(now);
	const periodEnd = dateOf(s.current_period_end);
	if (today >= periodEnd) return 'not_active';
	const proration = prorate({
		oldAmount: s.recurring_amount,
		newAmount,
		periodStart: dateOf(s.current_period_start),
		periodEnd,
		on: today,
		taxPercent,
	});
	return {
		...proration,
		currency: s.currency,
		oldAmount: s.recurring_amount,
		newAmount,
		taxPercent,
		toConfig: {
			ram_gb: choice.ram,
			storage_gb: storageGb,
			modpack_installation: extras.includes('modpackInstallation'),
		},
		addsModpack: extras.includes('modpackInstallation') && !s.modpack_installation,
	};
}
