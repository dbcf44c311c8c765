import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { localizePath } from '../../i18n/paths';
import type { Locale } from '../../i18n/locales';
import { isCurrency, vatRateFor, type Currency } from '../../lib/catalogue';
import { formatMoney } from '../../lib/format-money';
import { quote, summarize } from '../../lib/pricing';
import { $cartItem, addFromAddress } from '../../stores/cart';
import { $cartCountry, loadCartCountry } from '../../stores/cart-country';
import { $appliedDiscount, recheckDiscount } from '../../stores/cart-page';
import { $chosenCurrency, chooseCurrency } from '../../stores/preferences';
import CartItemCard from './CartItemCard';
import CartNotice from './CartNotice';
import DiscountForm from './DiscountForm';
import OrderSummary from './OrderSummary';
import type { PublicVpsImage } from '../../lib/vps/images';
import type { CartLocations } from '../../lib/locations/option';
import type { CartStrings } from './strings';

interface Props {
	locale: Locale;
	intl: string;
	fallbackCurrency: Currency;
	/** The language's country, whose VAT a visitor sees until the checkout knows theirs. */
	country: string;
	strings: CartStrings;
	vpsImages: PublicVpsImage[];
	locations: CartLocations;
}

/** The cart page: rendered only in the browser, because the cart lives in the browser. */
export default function CartView({
	locale,
	intl,
	fallbackCurrency,
	country,
	strings: s,
	vpsImages,
	locations,
}: Props) {
	// Before the first render, so a configuration arriving in the address shows at once.
	useState(() => {
		const currency = addFromAddress(window.location, window.history).get('currency');
		if (isCurrency(currency) && currency !== fallbackCurrency) chooseCurrency(currency);
	});
	const item = useStore($cartItem);
	const discount = useStore($appliedDiscount);
	const currency = useStore($chosenCurrency) || fallbackCurrency;
	// A signed-in customer's saved billing country, which the checkout will charge VAT for.
	const taxCountry = useStore($cartCountry);
	const money = (minor: number) => formatMoney(minor, currency, intl);

	useEffect(() => {
		void recheckDiscount();
	}, []);
	useEffect(() => {
		void loadCartCountry(country);
	}, [country]);

	if (!item) {
		return (
			<div className="card" data-cart-empty>
				<CartNotice strings={s} />
				<p className="text-lg text-neutral-100">{s['cart.empty']}</p>
				<a href={localizePath('/games', locale)} className="btn btn-primary mt-4">
					{s['cart.browse']}
				</a>
			</div>
		);
	}

	const taxPercent = vatRateFor(taxCountry.country || country);
	const config = { ...item, currency };
	const lines = quote(config, { discountPercent: discount?.percent ?? 0, taxPercent });
	return (
		<div className="grid gap-6 lg:grid-cols-[1fr_24rem]">
			<div className="flex flex-col gap-4">
				<CartNotice strings={s} />
				<CartItemCard
					item={item}
					locale={locale}
					summary={summarize(item, currency)}
					money={money}
					strings={s}
					vpsImages={vpsImages}
					locations={locations}
				/>
				<DiscountForm strings={s} />
			</div>
			<OrderSummary
				lines={lines}
				discountCode={discount?.code}
				country={taxCountry.country || country}
				pending={taxCountry.pending}
				intl={intl}
				money={money}
				checkoutPath={localizePath('/checkout', locale)}
				strings={s}
			/>
		</div>
	);
}
