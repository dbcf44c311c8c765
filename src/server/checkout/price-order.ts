import { vatRateFor } from '../../lib/catalogue';
import { PricingError, quote, resolveConfiguration, vpsSpecs, type Quote } from '../../lib/pricing';
import type { InvoiceLine } from '../../lib/billing/invoice-line';
import { subdomainProblem, type SubdomainProblem } from '../../lib/subdomain';
import { vpsChoiceProblem, type VpsProblem } from '../../lib/vps/choice';
import { findVpsImage, nodesFor } from '../../lib/vps/images';
import { findLocation, nearestLocation, type Location } from '../../lib/locations/catalogue';
import type { ServerSize } from '../../lib/locations/plan-size';
import type { CheckoutInput } from './request';

/** Why an order cannot be priced: the catalogue's own codes. */
export type PricingProblem =
	| PricingError['code']
	| Exclude<SubdomainProblem, 'subdomain_taken'>
	| VpsProblem
	| 'location_unknown';

export interface PricedOrder {
	quote: Quote;
	/** Where it runs: the location chosen, offering the plan's product (its room is asked apart). */
	location: Location;
	/** What it takes there: RAM, disk and (for a VPS) cores, as the adapters are asked for room. */
	size: ServerSize;
	/** A VPS's placement (the same object as `service.vps`); null for a game server. */
	vps: VpsPlacement | null;
	discountCode: string | null;
	/** The services row's configuration columns, and for a VPS what `place_order` needs to place it. */
	service: Record<string, string | number | boolean | null | VpsPlacement>;
	/** The invoice's line, put into words in each reader's language. */
	line: InvoiceLine;
}

/**
 * A VPS as `place_order` places it: on one of `nodes` with a free address and a VMID. The nodes
 * are the chosen location's that hold the image's template; checkout keeps those with room now.
 */
// A type, not an interface: it travels as JSON (supabase-js's Json wants an index signature).
export type VpsPlacement = {
	image: string;
	hostname: string;
	ssh_keys: string[];
	cores: number;
	nodes: string[];
};

/**
 * The server's price for an order, from the catalogue alone: RAM on its steps, storage, extras,
 * cycle and currency resolved, the percentage of the order's code as checkout looked it up
 * (src/server/discounts/lookup.ts: only a code redeemable now, under the guessing limits), VAT
 * from the billing country, the location chosen (else the one nearest to `locale`). Nothing the
 * browser computed is used.
 */
export function priceOrder(
	input: CheckoutInput,
	discountPercent: number,
	locale: string,
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
	const location = findLocation(input.location ?? nearestLocation(locale, plan.product));
	if (!location?.products.includes(plan.product)) return 'location_unknown';
	const extras = new Set(resolved.extras.map((extra) => extra.id));
	// A paid subdomain is only sold with its label, checked here; whether it is free is the
	// database's answer when the order is written (place-order.ts). A label without the extra is
	// not kept: it would be a subdomain not paid for.
	const subdomain = extras.has('subDomain') ? input.subdomain : null;
	if (extras.has('subDomain')) {
		const problem = subdomainProblem(subdomain);
		if (problem && problem !== 'subdomain_taken') return problem;
	}
	let vps: VpsPlacement | null = null;
	if (plan.product === 'vps') {
		const problem = vpsChoiceProblem(input.vps, resolved.ram);
		const image = input.vps && findVpsImage(input.vps.image);
		if (problem || !input.vps || !image) return problem ?? 'vps_image_unknown';
		vps = {
			image: image.id,
			hostname: input.vps.hostname,
			ssh_keys: input.vps.sshKeys ?? [],
			cores: vpsSpecs(plan, resolved.ram).cores,
			nodes: nodesFor(image).filter((node) => location.vps?.nodes.includes(node)),
		};
	}
	const storageGb = resolved.storage?.gb ?? vpsSpecs(plan, resolved.ram).storageGb;
	return {
		quote: priced,
		location,
		size: { ramGb: resolved.ram, storageGb, cores: vps?.cores ?? 0 },
		vps,
		discountCode: input.discountCode && discountPercent > 0 ? input.discountCode : null,
		service: {
			product_type: plan.product,
			game: plan.game ?? null,
			plan_id: plan.id,
			tier: plan.tier,
			ram_gb: resolved.ram,
			storage_gb: storageGb,
			modpack_installation: extras.has('modpackInstallation'),
			subdomain_extra: extras.has('subDomain'),
			subdomain,
			billing_cycle: resolved.cycle.id,
			location: location.id,
			vps,
		},
		line: {
			kind: 'plan',
			plan: plan.id,
			tier: plan.tier,
			ramGb: resolved.ram,
			cycle: resolved.cycle.id,
			location: location.id,
			// The line names every paid extra, the subdomain with its label.
			extras: {
				modpack: extras.has('modpackInstallation'),
				...(subdomain ? { subdomain } : {}),
			},
		},
	};
}
