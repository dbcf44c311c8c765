import { useStore } from '@nanostores/react';
import { useEffect, useLayoutEffect, useState } from 'react';
import {
	currencies,
	findPlan,
	storageOptions,
	billingCycles,
	type Currency,
} from '../../lib/catalogue';
import { fill, plural } from '../../lib/fill';
import { formatMoney } from '../../lib/format-money';
import { summarize } from '../../lib/pricing';
import { $cartItem, addToCart } from '../../stores/cart';
import { createConfigurator } from '../../stores/configurator';
import { $chosenCurrency, chooseCurrency } from '../../stores/preferences';
import { useHydrated } from '../use-hydrated';
import { earlyChoice } from './early-choice';
import ExtrasField from './ExtrasField';
import OptionGroup from './OptionGroup';
import PriceSummary from './PriceSummary';
import RamSlider from './RamSlider';
import SubdomainField from './SubdomainField';
import LocationField from './LocationField';
import type { LocationId } from '../../lib/domain/location';
import type { LocationOption } from '../../lib/locations/option';
import type { SubdomainCheck } from '../../stores/subdomain-check';
import type { PublicVpsImage } from '../../lib/vps/images';
import type { VpsPartOf } from '../../stores/configurator-vps';
import type { ConfiguratorStrings, VpsFieldStrings } from './strings';
import type VpsFields from './VpsFields';

/** What a VPS page adds (VpsConfigurator): its images, its fields and their strings. */
export interface VpsSetup {
	images: PublicVpsImage[];
	strings: VpsFieldStrings;
	part: VpsPartOf;
	Fields: typeof VpsFields;
}

export interface ConfiguratorProps {
	planIds: string[];
	intl: string;
	/** The page's language, for the answers of the subdomain check. */
	locale?: string;
	fallbackCurrency: Currency;
	cartPath: string;
	strings: ConfiguratorStrings;
	/** Where the page's product is sold, in the page's language, and the one preselected. */
	locations?: { options: LocationOption[]; nearest: LocationId };
}

export default function Configurator({
	planIds,
	intl,
	locale = 'en',
	fallbackCurrency,
	cartPath,
	strings: s,
	locations,
	vps,
}: ConfiguratorProps & { vps?: VpsSetup }) {
	const plans = planIds.map((id) => findPlan(id)).filter((plan) => plan !== undefined);
	const [configurator] = useState(() => createConfigurator(plans, undefined, vps?.part, locations));
	const state = useStore(configurator.$state);
	const chosen = useStore($chosenCurrency);
	const hydrated = useHydrated();
	const currency = hydrated ? chosen || fallbackCurrency : fallbackCurrency;
	const plan = findPlan(state.planId) ?? plans[0]!;
	const summary = summarize(state, currency);
	const money = (minor: number) => formatMoney(minor, currency, intl);

	// Choices made on the server-rendered form before this code ran, read before React's first
	// commit resets the inputs, then applied before the first paint: no click is lost.
	const [early] = useState(() => earlyChoice(plan.id));
	useLayoutEffect(() => {
		if (early?.choice) configurator.resume(early.choice);
		// The select shows the page's currency until hydrated; only a different one was chosen.
		if (early?.currency && early.currency !== fallbackCurrency) chooseCurrency(early.currency);
	}, [configurator, early, fallbackCurrency]);

	// Coming back from the cart to change the configuration: start from what is in it.
	useEffect(() => {
		const item = $cartItem.get();
		if (item && new URLSearchParams(window.location.search).has('edit')) configurator.resume(item);
	}, [configurator]);

	// Which locations have room for this plan and size: asked again whenever they change.
	useEffect(() => {
		void configurator.location?.refresh();
	}, [configurator, state.planId, state.ram, state.storageGb]);

	// The subdomain extra is ordered with a usable label: "Add to cart" waits for one.
	const [labelCheck, setLabelCheck] = useState<SubdomainCheck>({ state: 'idle' });
	const [labelAsked, setLabelAsked] = useState(false);
	const wantsLabel = state.extras.includes('subDomain');
	// The VPS fields likewise: "Add to cart" waits for an orderable choice (the store says when).
	const [vpsAsked, setVpsAsked] = useState(false);

	const submit = (event: { preventDefault(): void }) => {
		event.preventDefault();
		if (wantsLabel && labelCheck.state !== 'available') {
			setLabelAsked(true);
			document.querySelector<HTMLInputElement>('[data-subdomain-field] input')?.focus();
			return;
		}
		const choice = configurator.cartChoice();
		if (!choice) {
			setVpsAsked(true);
			document
				.querySelector<HTMLElement>('[data-vps-fields] [aria-invalid], [data-vps-fields] input')
				?.focus();
			return;
		}
		addToCart(choice);
		window.location.assign(cartPath);
	};

	return (
		// A plain GET to the cart until hydrated: "Add to cart" pressed before the code ran still
		// arrives, with the choice in the address (see choiceFromFields).
		<form method="get" action={cartPath} onSubmit={submit} className="card" data-configurator>
			{plans.length === 1 && <input type="hidden" name="plan" value={plan.id} />}
			{plans.length > 1 && (
				<OptionGroup
					legend={s['configurator.tier']}
					name="plan"
					value={state.planId}
					options={plans.map((p) => ({
						value: p.id,
						label: s[`tier.${p.tier}`],
						hint: p.cpuModel,
					}))}
					onChange={configurator.choosePlan}
				/>
			)}
			<RamSlider plan={plan} value={state.ram} onChange={configurator.setRam} strings={s} />
			{plan.backups && (
				<p className="mt-3 text-sm text-neutral-200" data-plan-backups={plan.backups}>
					{plural(s['pricing.backups_one'], s['pricing.backups_other'], plan.backups)}
				</p>
			)}
			{summary.specs && (
				<p className="mt-3 text-sm text-neutral-200" aria-live="polite">
					{[
						plural(s['configurator.cores_one'], s['configurator.cores_other'], summary.specs.cores),
						fill(s['configurator.nvme'], { value: summary.specs.storageGb }),
						summary.specs.bandwidth,
					].join(' · ')}
				</p>
			)}
			{state.storageGb !== null && (
				<OptionGroup
					legend={s['configurator.storage']}
					name="storage"
					value={state.storageGb}
					options={storageOptions.map((o) => ({
						value: o.gb,
						label: fill(s['configurator.gb'], { value: o.gb }),
						hint:
							o.prices[currency] === 0
								? s['configurator.included']
								: fill(s['configurator.addOn'], { price: money(o.prices[currency]) }),
					}))}
					onChange={configurator.setStorage}
				/>
			)}
			{configurator.location && (
				<LocationField part={configurator.location} value={state.location} strings={s} />
			)}
			<ExtrasField
				plan={plan}
				chosen={state.extras}
				currency={currency}
				money={money}
				onToggle={configurator.toggleExtra}
				strings={s}
				notes={
					vps
						? { subDomain: vps.strings['vps.configurator.subdomain'] }
						: { modpackInstallation: s['extra.modpackInstallation.note'] }
				}
			>
				{wantsLabel && (
					<SubdomainField
						value={state.subdomain ?? ''}
						locale={locale}
						onChange={configurator.setSubdomain}
						onCheck={setLabelCheck}
						showProblem={labelAsked}
						strings={s}
					/>
				)}
			</ExtrasField>
			<OptionGroup
				legend={s['configurator.cycle']}
				name="cycle"
				value={state.cycle}
				options={billingCycles.map((c) => ({
					value: c.id,
					label: s[`cycle.${c.id}`],
					hint: c.discountPercent
						? fill(s['configurator.cycleDiscount'], { percent: c.discountPercent })
						: undefined,
				}))}
				onChange={configurator.setCycle}
			/>
			{vps && configurator.vps && (
				<vps.Fields
					part={configurator.vps}
					images={vps.images}
					ram={state.ram}
					asked={vpsAsked}
					strings={vps.strings}
				/>
			)}
			<label className="mt-6 block text-sm font-semibold text-neutral-100">
				{s['configurator.currency']}
				<select
					name="currency"
					value={currency}
					onChange={(e) => chooseCurrency(e.target.value as Currency)}
					className="mt-2 block w-40 rounded-lg border border-neutral-600 bg-neutral-800 px-3 py-2 font-normal text-white"
				>
					{currencies.map((c) => (
						<option key={c}>{c}</option>
					))}
				</select>
			</label>
			<PriceSummary summary={summary} money={money} strings={s} />
		</form>
	);
}
