import { computed, map } from 'nanostores';
import {
	extrasForPlan,
	findPlan,
	storageOptions,
	type BillingCycleId,
	type ExtraId,
	type Plan,
} from '../lib/catalogue';
import { isValidRam, type ServerChoice } from '../lib/pricing';
import {
	checkVpsDraft,
	draftFrom,
	fitDraftToRam,
	withImage,
	type VpsAccess,
	type VpsDraft,
} from '../lib/vps/draft';
import type { PublicVpsImage, VpsImageId } from '../lib/vps/images';

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
 * come from the cart (changing a configuration) when it is for one of these plans.
 */
export function createConfigurator(
	plans: Plan[],
	start?: ServerChoice,
	/** The images a VPS page offers (as its page passed them: no operator internals). */
	images: readonly PublicVpsImage[] = [],
) {
	const first = plans[0];
	if (!first) throw new Error('A configurator needs at least one plan');
	const startPlan = start && plans.find((plan) => plan.id === start.planId);
	const resumable = startPlan && isValidRam(startPlan, start.ram) ? start : undefined;
	const $state = map<ServerChoice>(resumable ? withoutVps(resumable) : defaultsFor(first));
	// The VPS fields as typed live beside the choice; the choice gets them when it goes to the cart.
	const $vps = map<VpsDraft>(draftFrom(resumable?.vps));

	const planOf = (state: ServerChoice) => findPlan(state.planId) ?? first;
	const isVps = (state: ServerChoice) => planOf(state).product === 'vps';
	const $vpsCheck = computed([$state, $vps], (state, draft) =>
		isVps(state) ? checkVpsDraft(draft, images, state.ram) : null,
	);

	return {
		$state,
		$vps,
		/** What is wrong with the VPS fields (null on a game page). */
		$vpsCheck,
		/** Picks up a configuration from the cart (the visitor came back to change it). */
		resume: (state: ServerChoice) => {
			const plan = plans.find((candidate) => candidate.id === state.planId);
			if (!plan || !isValidRam(plan, state.ram)) return;
			$state.set(withoutVps(state));
			$vps.set(draftFrom(state.vps));
		},
		/** The choice to put in the cart, or null while the VPS fields are not yet orderable. */
		cartChoice: (): ServerChoice | null => {
			const check = $vpsCheck.get();
			if (!check) return $state.get();
			return check.choice ? { ...$state.get(), vps: check.choice } : null;
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
			$vps.set(fitDraftToRam($vps.get(), images, $state.get().ram));
		},
		setRam: (ram: number) => {
			$state.setKey('ram', fitRam(planOf($state.get()), ram));
			$vps.set(fitDraftToRam($vps.get(), images, $state.get().ram));
		},
		chooseImage: (id: VpsImageId) => {
			$vps.set(withImage($vps.get(), images, id));
		},
		setHostname: (hostname: string) => {
			$vps.setKey('hostname', hostname);
		},
		/** Keys or a generated password; Windows has only the password. */
		setAccess: (access: VpsAccess) => {
			const image = images.find((candidate) => candidate.id === $vps.get().image);
			if (access === 'keys' && image?.os === 'windows') return;
			$vps.setKey('access', access);
		},
		setSshKeys: (text: string) => {
			$vps.setKey('keysText', text);
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
