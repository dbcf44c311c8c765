import { divideRounded, percentOf, toBasisPoints } from '../money';
import { plansForGame, type Currency, type Plan } from '../catalogue';
import {
	resolveConfiguration,
	type Configuration,
	type ResolvedConfiguration,
} from './configuration';

/** Monthly price of a plan's RAM: base price plus the increment per GB above the starting RAM. */
export function ramMonthly(plan: Plan, ram: number, currency: Currency): number {
	const { base, increment } = plan.prices[currency];
	return base + (ram - plan.startingRam) * increment;
}

/** Monthly price of storage and extras, which the cycle discount does not touch. */
function addOnsMonthly({ storage, extras, currency }: ResolvedConfiguration): number {
	return (
		(storage?.prices[currency] ?? 0) +
		extras.reduce((sum, extra) => sum + extra.prices[currency], 0)
	);
}

/**
 * One billing cycle, excluding VAT and any code:
 * ramMonthly × months × (1 − cycle discount) + (storage + extras) × months, rounded once.
 */
export function cycleAmountOf(resolved: ResolvedConfiguration): number {
	const { plan, ram, cycle, currency } = resolved;
	const keep = 10_000 - toBasisPoints(cycle.discountPercent);
	const numerator =
		ramMonthly(plan, ram, currency) * cycle.months * keep +
		addOnsMonthly(resolved) * cycle.months * 10_000;
	return divideRounded(numerator, 10_000);
}

export function cycleAmount(config: Configuration): number {
	return cycleAmountOf(resolveConfiguration(config));
}

/** What the same months would cost paid monthly, minus the cycle price: the saving shown. */
export function cycleSaving(config: Configuration): number {
	const resolved = resolveConfiguration(config);
	const monthly = cycleAmountOf({
		...resolved,
		cycle: { id: 'monthly', months: 1, discountPercent: 0 },
	});
	return monthly * resolved.cycle.months - cycleAmountOf(resolved);
}

/** The cycle price spread over its months, for "per month" labels. */
export function perMonth(config: Configuration): number {
	const resolved = resolveConfiguration(config);
	return divideRounded(cycleAmountOf(resolved), resolved.cycle.months);
}

/** The lowest monthly price of a plan: starting RAM, included storage, no extras. */
export function fromPrice(plan: Plan, currency: Currency): number {
	return ramMonthly(plan, plan.startingRam, currency);
}

/** The lowest monthly price among plans, for a product's "from" label; null for none. */
export function lowestFromPrice(plans: readonly Plan[], currency: Currency): number | null {
	return plans.length ? Math.min(...plans.map((plan) => fromPrice(plan, currency))) : null;
}

/** A game's "from" price: its cheapest plan's, as its page and the games list show it. */
export function gameFromPrice(game: string, currency: Currency): number | null {
	return lowestFromPrice(plansForGame(game), currency);
}

export interface Quote {
	currency: Currency;
	months: number;
	subtotal: number;
	discountPercent: number;
	discount: number;
	taxPercent: number;
	tax: number;
	total: number;
}

/**
 * The four money lines of a first invoice, each rounded when computed and never again:
 * subtotal = cycle amount; discount = subtotal × code %; tax = (subtotal − discount) × VAT %;
 * total = subtotal − discount + tax.
 */
export function quote(config: Configuration, { discountPercent = 0, taxPercent = 0 } = {}): Quote {
	const resolved = resolveConfiguration(config);
	const subtotal = cycleAmountOf(resolved);
	const discount = percentOf(subtotal, discountPercent);
	const tax = percentOf(subtotal - discount, taxPercent);
	return {
		currency: resolved.currency,
		months: resolved.cycle.months,
		subtotal,
		discountPercent,
		discount,
		taxPercent,
		tax,
		total: subtotal - discount + tax,
	};
}
