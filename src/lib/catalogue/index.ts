import billingCyclesData from '../../../content/catalogue/billing-cycles.json';
import extrasData from '../../../content/catalogue/extras.json';
import plansData from '../../../content/catalogue/plans.json';
import storageData from '../../../content/catalogue/storage.json';
import vatData from '../../../content/catalogue/vat-rates.json';
import type { BillingCycle, BillingCycleId, Extra, Plan, StorageOption, VatRates } from './schema';

/**
 * The catalogue as plain data, safe for the browser. It is validated at build time
 * (src/content.config.ts) and again by the server before it charges anything.
 */
export const plans = plansData as Plan[];
export const storageOptions = storageData as StorageOption[];
export const extras = extrasData as Extra[];
export const billingCycles = billingCyclesData as BillingCycle[];
export const vatRates = vatData as VatRates;

export function findPlan(id: string): Plan | undefined {
	return plans.find((plan) => plan.id === id);
}

export function plansForGame(game: string): Plan[] {
	return plans.filter((plan) => plan.game === game);
}

export function vpsPlans(): Plan[] {
	return plans.filter((plan) => plan.product === 'vps');
}

export function findCycle(id: string): BillingCycle | undefined {
	return billingCycles.find((cycle) => cycle.id === id);
}

export function isCycleId(id: string): id is BillingCycleId {
	return findCycle(id) !== undefined;
}

export function findStorage(gb: number): StorageOption | undefined {
	return storageOptions.find((option) => option.gb === gb);
}

/** The extras a plan may have: modpack installation is for Minecraft only, a subdomain for all. */
export function extrasForPlan(plan: Plan): Extra[] {
	return extras.filter(
		(extra) => extra.games === 'all' || (!!plan.game && extra.games.includes(plan.game)),
	);
}

/** VAT rate in percent for a billing country (ISO code); the default for countries we do not tax. */
export function vatRateFor(country: string | null | undefined): number {
	const rate = country ? vatRates.rates[country.toUpperCase()] : undefined;
	return rate ?? vatRates.default;
}

/** Countries a customer may bill to: every country we charge VAT in, and a few we sell to without. */
export const billingCountries: readonly string[] = [
	...new Set([...Object.keys(vatRates.rates), 'US', 'CA', 'AU']),
];

export function isBillingCountry(code: string): boolean {
	return billingCountries.includes(code);
}

export { currencies, isCurrency, type Currency } from '../domain/currency';
export type {
	BillingCycle,
	BillingCycleId,
	Extra,
	ExtraId,
	Plan,
	StorageOption,
	VatRates,
} from './schema';
