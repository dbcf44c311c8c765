import { useStore } from '@nanostores/react';
import { routes } from '../../lib/routes';
import { useEffect } from 'react';
import { localizePath } from '../../i18n/paths';
import type { Locale } from '../../i18n/locales';
import { vatRateFor, type Currency } from '../../lib/catalogue';
import { fill } from '../../lib/fill';
import { formatMoney } from '../../lib/format-money';
import { quote, summarize } from '../../lib/pricing';
import { $cartItem } from '../../stores/cart';
import { $appliedDiscount } from '../../stores/cart-page';
import {
	$checkout,
	billingComplete,
	chooseMethod,
	goToStep,
	idempotencyKeyFor,
	placeOrder,
	startCheckout,
	type Billing,
} from '../../stores/checkout';
import { $chosenCurrency } from '../../stores/preferences';
import CartItemCard from '../cart/CartItemCard';
import OrderSummary from '../cart/OrderSummary';
import BillingForm from './BillingForm';
import MethodChoice from './MethodChoice';
import type { PublicVpsImage } from '../../lib/vps/images';
import { itemLocation, optionLabel, type CartLocations } from '../../lib/locations/option';
import { findPlan } from '../../lib/catalogue';
import { productOf } from '../../lib/product-name';
import type { CheckoutStrings } from './strings';
import type { PaymentMethodKind } from '../../lib/domain/payment-method';

interface Props {
	locale: Locale;
	intl: string;
	fallbackCurrency: Currency;
	/** The profile's address, used until the customer types their own. */
	prefill: Billing;
	/** The signed-in customer's id: what they type is restored for them alone. */
	owner: string;
	countries: { code: string; label: string }[];
	methods: Record<Currency, PaymentMethodKind[]>;
	testMode: boolean;
	strings: CheckoutStrings;
	/** The VPS images' public facts, to name the one in the order. */
	vpsImages: PublicVpsImage[];
	/** The locations' names, and the one an item without a choice is ordered in. */
	locations: CartLocations;
}

const steps = ['review', 'billing', 'payment'] as const;

/**
 * Checkout in three steps: review the server and its money lines, billing details (the country
 * sets the VAT shown), payment method; then the server prices and places the order.
 */
export default function CheckoutFlow(props: Props) {
	const {
		locale,
		intl,
		fallbackCurrency,
		prefill,
		owner,
		countries,
		methods,
		testMode,
		strings: s,
		vpsImages,
		locations,
	} = props;
	const item = useStore($cartItem);
	const discount = useStore($appliedDiscount);
	const currency = useStore($chosenCurrency) || fallbackCurrency;
	const state = useStore($checkout);
	useEffect(() => startCheckout(prefill, owner), [prefill, owner]);
	const money = (minor: number) => formatMoney(minor, currency, intl);

	if (!item) {
		return (
			<div className="card" data-checkout-empty>
				<p className="text-lg text-neutral-100">{s['checkout.empty']}</p>
				<a href={localizePath('/games', locale)} className="btn btn-primary mt-4">
					{s['checkout.browse']}
				</a>
			</div>
		);
	}

	const country = state.billing.country || prefill.country;
	const lines = quote(
		{ ...item, currency },
		{
			discountPercent: discount?.percent ?? 0,
			taxPercent: vatRateFor(country),
		},
	);
	const offered = methods[currency];
	const method = state.method && offered.includes(state.method) ? state.method : offered[0];
	const index = steps.indexOf(state.step);
	const next = async () => {
		if (state.step === 'billing' && !billingComplete(state.billing))
			return $checkout.setKey('error', s['auth.error.missingFields']);
		if (state.step !== 'payment') return goToStep(steps[index + 1] ?? 'payment');
		if (method) chooseMethod(method);
		// The location the review showed: the chosen one, else the nearest to this language.
		const where = itemLocation(item.location, findPlan(item.planId)?.product ?? 'game', locations);
		const answer = await placeOrder({
			item: { ...item, location: where?.id ?? item.location },
			currency,
			discountCode: discount?.code ?? null,
			locale,
			idempotencyKey: idempotencyKeyFor(item, sessionStorage),
			unreachable: s['checkout.error.unreachable'],
		});
		if (answer)
			window.location.assign(
				answer.paymentUrl ??
					`${localizePath(routes.checkoutComplete, locale)}?order=${answer.orderId}`,
			);
	};

	return (
		<div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
			<div className="flex flex-col gap-4">
				<ol className="flex gap-4 text-sm" aria-label={s['checkout.step.review']}>
					{steps.map((step, i) => (
						<li
							key={step}
							aria-current={i === index ? 'step' : undefined}
							className={i === index ? 'font-bold text-white' : 'text-neutral-300'}
						>
							{i + 1}. {s[`checkout.step.${step}`]}
						</li>
					))}
				</ol>
				{state.step === 'review' && (
					<CartItemCard
						item={item}
						locale={locale}
						summary={summarize(item, currency)}
						money={money}
						strings={s}
						vpsImages={vpsImages}
						locations={locations}
					/>
				)}
				{state.step === 'billing' && <BillingForm countries={countries} strings={s} />}
				{state.step === 'payment' && <MethodChoice methods={offered} strings={s} />}
				{testMode && state.step === 'payment' && (
					<p className="rounded-lg bg-amber-950 px-4 py-3 text-sm text-amber-100">
						{s['checkout.testMode']}
					</p>
				)}
				{state.error && (
					<p role="alert" className="rounded-lg bg-red-950 px-4 py-3 text-sm text-red-100">
						{state.error}
					</p>
				)}
				{state.locationFull && (
					<LocationFullHelp
						available={state.locationFull}
						locations={locations}
						editPath={`${localizePath(productOf(item.planId)?.path ?? '/games', locale)}?edit=1#configure`}
						strings={s}
					/>
				)}
				<div className="flex justify-between gap-3">
					{index > 0 ? (
						<button
							type="button"
							className="btn btn-secondary"
							onClick={() => goToStep(steps[index - 1] ?? 'review')}
						>
							{s['checkout.back']}
						</button>
					) : (
						<span />
					)}
					<button
						type="button"
						className="btn btn-primary"
						disabled={state.submitting}
						onClick={() => void next()}
					>
						{state.submitting
							? s['checkout.paying']
							: state.step !== 'payment'
								? s['checkout.next']
								: lines.total === 0
									? s['checkout.payFree']
									: fill(s['checkout.pay'], { total: money(lines.total) })}
					</button>
				</div>
			</div>
			<OrderSummary
				lines={lines}
				discountCode={discount?.code}
				country={country}
				intl={intl}
				money={money}
				strings={s}
			/>
		</div>
	);
}

/** After a 409 location_full: where there is room now, and the way back to choose one. */
function LocationFullHelp({
	available,
	locations,
	editPath,
	strings: s,
}: {
	available: string[];
	locations: CartLocations;
	editPath: string;
	strings: CheckoutStrings;
}) {
	const names = locations.options
		.filter((option) => available.includes(option.id))
		.map(optionLabel)
		.join('; ');
	return (
		<p className="text-sm text-neutral-100" data-location-alternatives>
			{names && fill(s['checkout.locationFull.available'], { locations: names })}{' '}
			<a href={editPath}>{s['checkout.locationFull.change']}</a>
		</p>
	);
}
