import { vatRateFor } from '../../lib/catalogue';
import { PricingError, quote, resolveConfiguration, vpsSpecs, type Quote } from '../../lib/pricing';
import { productOf } from '../../lib/product-name';
import type { AdminClient } from '../supabase/admin-client';
import type { CheckoutInput } from './request';

/** Why an order cannot be priced: the catalogue's own codes, and a code that cannot be used. */
export type PricingProblem = PricingError['code'] | 'discount_unavailable';

export interface PricedOrder {
	quote: Quote;
	discountCode: string | null;
	/** The services row's configuration columns. */
	service: Record<string, string | number | boolean | null>;
	description: string;
}

/**
 * The server's price for an order, from the catalogue alone: RAM on its steps, storage, extras,
 * cycle and currency resolved, the code's percentage read from the database (only a code
 * redeemable now counts), VAT from the billing country. Nothing the browser computed is used.
 */
export async function priceOrder(
	admin: AdminClient,
	input: CheckoutInput,
): Promise<PricedOrder | PricingProblem> {
	const config = { ...input.choice, currency: input.currency };
	let resolved;
	try {
		resolved = resolveConfiguration(config);
	} catch (error) {
		if (error instanceof PricingError) return error.code;
		throw error;
	}
	let discountPercent = 0;
	if (input.discountCode) {
		const { data, error } = await admin.rpc('discount_code_percent', { code: input.discountCode });
		if (error) throw new Error(`discount look-up failed: ${error.message}`);
		if (data === null) return 'discount_unavailable';
		discountPercent = Number(data);
	}
	const priced = quote(config, { discountPercent, taxPercent: vatRateFor(input.billing.country) });
	const plan = resolved.plan;
	const extras = new Set(resolved.extras.map((extra) => extra.id));
	return {
		quote: priced,
		discountCode: input.discountCode && discountPercent > 0 ? input.discountCode : null,
		service: {
			product_type: plan.product,
			game: plan.game ?? null,
			plan_id: plan.id,
			tier: plan.tier,
			ram_gb: resolved.ram,
			storage_gb: resolved.storage?.gb ?? vpsSpecs(plan, resolved.ram).storageGb,
			modpack_installation: extras.has('modpackInstallation'),
			billing_cycle: resolved.cycle.id,
		},
		description: `${productOf(plan.id)?.name ?? plan.id} (${plan.tier}), ${resolved.ram} GB RAM, ${resolved.cycle.id}`,
	};
}
