import { findCycle, findPlan, type Currency } from '../catalogue';
import type { ServerChoice } from './configuration';
import { cycleAmount, cycleSaving, perMonth } from './price';
import { vpsSpecs, type VpsSpecs } from './vps';

export interface ConfigurationSummary {
	currency: Currency;
	perMonth: number;
	cycleTotal: number;
	months: number;
	saving: number;
	specs: VpsSpecs | null;
}

/** Everything a configurator or the cart shows about a configuration's price, in one currency. */
export function summarize(state: ServerChoice, currency: Currency): ConfigurationSummary {
	const config = { ...state, currency };
	const plan = findPlan(state.planId);
	return {
		currency,
		perMonth: perMonth(config),
		cycleTotal: cycleAmount(config),
		months: findCycle(state.cycle)?.months ?? 1,
		saving: cycleSaving(config),
		specs: plan?.vps ? vpsSpecs(plan, state.ram) : null,
	};
}
