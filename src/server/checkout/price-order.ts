import { vatRateFor } from '../../lib/catalogue';
import { PricingError, quote, resolveConfiguration, vpsSpecs, type Quote } from '../../lib/pricing';
import type { InvoiceLine } from '../../lib/billing/invoice-line';
import { subdomainProblem, type SubdomainProblem } from '../../lib/subdomain';
import type { CheckoutInput } from './request';

/** Why an order cannot be priced: the catalogue's own codes. */
export type PricingProblem = PricingError['code'] | Exclude<SubdomainProblem, 'subdomain_taken'>;

export interface PricedOrder {
	quote: Quote;
	discountCode: string | null;
	/** The services row's configuration columns. */
	service: Record<string, string | number | boolean | null>;
	/** The invoice's line, put into words in each reader's language. */
	line: InvoiceLine;
}

/**
 * The server's price for an order, from the catalogue alone: RAM on its steps, storage, extras,
 * cycle and currency resolved, the percentage of the order's code as checkout looked it up
 * (src/server/discounts/lookup.ts: only a code redeemable now, under the guessing limits), VAT
 * from the billing country. Nothing the browser computed is used.
 */
export function priceOrder(
	input: CheckoutInput,
	discountPercent: number,
): PricedOrder | PricingProblem {
	const config = { ...input.choice, currency: input.currency };
	let resolved;
	try {
		resolved = resolveConfiguration(config);
	} catch (error) {
		if (error instanceof PricingError) return error.code;
		throw error;
	}
	const priced = quote(config, { discountPercent, taxPercent: vatRateFor(input.billing.country) });
	const plan = resolved.plan;
	const extras = new Set(resolved.extras.map((extra) => extra.id));
	// A paid subdomain is only sold with its label, checked here; whether it is free is the
	// database's answer when the order is written (place-order.ts). A label without the extra is
	// not kept: it would be a subdomain not paid for.
	const subdomain = extras.has('subDomain') ? input.subdomain : null;
	if (extras.has('subDomain')) {
		const problem = subdomainProblem(subdomain);
		if (problem && problem !== 'subdomain_taken') return problem;
	}
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
			subdomain_extra: extras.has('subDomain'),
			subdomain,
			billing_cycle: resolved.cycle.id,
		},
		line: {
			kind: 'plan',
			plan: plan.id,
			tier: plan.tier,
			ramGb: resolved.ram,
			cycle: resolved.cycle.id,
			// The line names every paid extra, the subdomain with its label.
			extras: {
				modpack: extras.has('modpackInstallation'),
				...(subdomain ? { subdomain } : {}),
			},
		},
	};
}
