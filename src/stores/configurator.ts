import { map } from 'nanostores';
import {
	extrasForPlan,
	findPlan,
	storageOptions,
	type BillingCycleId,
	type ExtraId,
	type Plan,
} from '../lib/catalogue';
import { isValidRam, type ServerChoice } from '../lib/pricing';
import type { VpsPartOf } from './configurator-vps';
import { locationPart, type LocationSetup } from './configurator-location';

function defaultsFor(plan: Plan): ServerChoice {
	return {
		planId: plan.id,
		ram: plan.startingRam,
		storageGb: plan.product === 'vps' ? null : (storageOptions[0]?.gb ?? null),
		extras: [],
		cycle: 'monthly',
	};
}

const withoutVps = ({ vps: _vps, ...choice }: ServerChoice): ServerChoice => choice;

/** The nearest RAM size the plan offers, so switching tier never leaves an invalid size. */
function fitRam(plan: Plan, ram: number): number {
	const clamped = Math.min(plan.maxRam, Math.max(plan.startingRam, ram));
	return plan.startingRam + Math.round((clamped - plan.startingRam) / plan.ramStep) * plan.ramStep;
}

/**
 * One configurator's state and its price, for the plans one page offers. The starting state may
 * come from the cart (changing a configuration) when it is for one of these plans. A VPS page
 * adds its fields (configurator-vps.ts), which game pages never load; a page that offers
 * locations, the location choice (configurator-location.ts).
 */
export function createConfigurator(
	plans: Plan[],
	start?: ServerChoice,
	withVps?: VpsPartOf,
	where?: LocationSetup,
) {
	const first = plans[0];
	if (!first) throw new Error('A configurator needs at least one plan');
	const startPlan = start && plans.find((plan) => plan.id === start.planId);
	const resumable = startPlan && isValidRam(startPlan, start.ram) ? start : undefined;
	const $state = map<ServerChoice>(resumable ? withoutVps(resumable) : defaultsFor(first));
	const vps = withVps?.($state, resumable?.vps) ?? null;
	const location = where ? locationPart($state, where) : null;

	const planOf = (state: ServerChoice) => findPlan(state.planId) ?? first;
	const isVps = (state: ServerChoice) => planOf(state).product === 'vps';

	return {
		$state,
		/** The VPS fields (null on a game page). */
		vps,
		/** Where it runs (null where the page offers no choice). */
		location,
		/** Picks up a configuration from the cart (the visitor came back to change it). */
		resume: (state: ServerChoice) => {
			const plan = plans.find((candidate) => candidate.id === state.planId);
			if (!plan || !isValidRam(plan, state.ram)) return;
			$state.set(withoutVps(state));
			vps?.resume(state.vps);
			location?.resume(state.location);
		},
		/** The choice to put in the cart, or null while the VPS fields are not yet orderable. */
		cartChoice: (): ServerChoice | null => {
			const state = $state.get();
			if (!vps || !isVps(state)) return state;
			const choice = vps.$check.get().choice;
			return choice ? { ...state, vps: choice } : null;
		},
		choosePlan: (id: string) => {
			const plan = plans.find((candidate) => candidate.id === id);
			if (!plan) return;
			const state = $state.get();
			const offered = extrasForPlan(plan).map((extra) => extra.id);
			$state.set({
				...state,
				planId: plan.id,
				ram: fitRam(plan, state.ram),
				extras: state.extras.filter((e) => offered.includes(e)),
			});
			vps?.fitToRam($state.get().ram);
		},
		setRam: (ram: number) => {
			$state.setKey('ram', fitRam(planOf($state.get()), ram));
			vps?.fitToRam($state.get().ram);
		},
		setStorage: (gb: number) => {
			$state.setKey('storageGb', gb);
		},
		toggleExtra: (id: ExtraId, on: boolean) => {
			const extras = $state.get().extras.filter((extra) => extra !== id);
			$state.setKey('extras', on ? [...extras, id] : extras);
		},
		/** The subdomain label as typed; kept as typed, normalized when checked and ordered. */
		setSubdomain: (label: string) => {
			$state.setKey('subdomain', label);
		},
		setCycle: (cycle: BillingCycleId) => {
			$state.setKey('cycle', cycle);
		},
	};
}

export type Configurator = ReturnType<typeof createConfigurator>;
