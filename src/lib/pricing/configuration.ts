import {
	currencies,
	extrasForPlan,
	findCycle,
	findPlan,
	findStorage,
	type BillingCycle,
	type BillingCycleId,
	type Currency,
	type Extra,
	type ExtraId,
	type Plan,
	type StorageOption,
} from '../catalogue';
import type { VpsChoice } from '../vps/choice';
import type { LocationId } from '../domain/location';

/**
 * What a visitor chose: everything a price depends on except the currency. The one shape of a
 * choice: the configurator holds it, the cart keeps it with an id, checkout orders it.
 */
export interface ServerChoice {
	planId: string;
	ram: number;
	/** A storage option's size in GB; null for a VPS, whose NVMe grows with its RAM. */
	storageGb: number | null;
	extras: ExtraId[];
	cycle: BillingCycleId;
	/** The label of the subDomain extra (src/lib/subdomain.ts); priced nothing, ordered with it. */
	subdomain?: string;
	/** A VPS's image, hostname and access (src/lib/vps/choice.ts); priced nothing, ordered with it. */
	vps?: VpsChoice;
	/** Where it runs (content/catalogue/locations.json); priced nothing, ordered with it. */
	location?: LocationId;
}

/** A choice in one currency: what every price function takes. */
/**
 * A choice as it arrives from outside (a request body): its extras are any strings until
 * `resolveConfiguration` checks them against what the plan offers (unknown_extra).
 */
export type UncheckedChoice = Omit<ServerChoice, 'extras'> & { extras: readonly string[] };

export type Configuration = UncheckedChoice & { currency: string };

/** The configuration with every reference resolved against the catalogue. */
export interface ResolvedConfiguration {
	plan: Plan;
	ram: number;
	storage: StorageOption | null;
	extras: Extra[];
	cycle: BillingCycle;
	currency: Currency;
}

export type PricingErrorCode =
	| 'unknown_plan'
	| 'invalid_ram'
	| 'unknown_storage'
	| 'unknown_extra'
	| 'unknown_cycle'
	| 'unknown_currency';

/** A configuration the catalogue does not offer. The code is what the site translates. */
export class PricingError extends Error {
	readonly code: PricingErrorCode;

	constructor(code: PricingErrorCode, detail: string) {
		super(`${code}: ${detail}`);
		this.name = 'PricingError';
		this.code = code;
	}
}

/** RAM sizes a plan offers: from its starting RAM to its maximum in its steps. */
export function ramChoices(plan: Plan): number[] {
	const count = (plan.maxRam - plan.startingRam) / plan.ramStep + 1;
	return Array.from({ length: count }, (_, i) => plan.startingRam + i * plan.ramStep);
}

export function isValidRam(plan: Plan, ram: number): boolean {
	return (
		Number.isInteger(ram) &&
		ram >= plan.startingRam &&
		ram <= plan.maxRam &&
		(ram - plan.startingRam) % plan.ramStep === 0
	);
}

/** Checks a configuration against the catalogue; anything it does not offer is an error, never rounded. */
export function resolveConfiguration(config: Configuration): ResolvedConfiguration {
	const plan = findPlan(config.planId);
	if (!plan) throw new PricingError('unknown_plan', config.planId);
	if (!isValidRam(plan, config.ram)) {
		throw new PricingError(
			'invalid_ram',
			`${config.ram} GB; ${plan.id} offers ${plan.startingRam}-${plan.maxRam} GB in steps of ${plan.ramStep}`,
		);
	}
	const currency = currencies.find((c) => c === config.currency);
	if (!currency) throw new PricingError('unknown_currency', config.currency);
	const cycle = findCycle(config.cycle);
	if (!cycle) throw new PricingError('unknown_cycle', config.cycle);
	let storage: StorageOption | null = null;
	if (plan.product === 'vps') {
		if (config.storageGb !== null)
			throw new PricingError('unknown_storage', 'a VPS has no storage option');
	} else {
		storage = (config.storageGb !== null && findStorage(config.storageGb)) || null;
		if (!storage) throw new PricingError('unknown_storage', String(config.storageGb));
	}
	const offered = extrasForPlan(plan);
	const extras = [...new Set(config.extras)].map((id) => {
		const extra = offered.find((candidate) => candidate.id === id);
		if (!extra) throw new PricingError('unknown_extra', `${id} for ${plan.id}`);
		return extra;
	});
	return { plan, ram: config.ram, storage, extras, cycle, currency };
}
