import { localizePath } from '../../i18n/paths';
import type { Locale } from '../../i18n/locales';
import { findPlan } from '../../lib/catalogue';
import type { CartItem } from '../../lib/cart-item';
import { fill, plural } from '../../lib/fill';
import type { ConfigurationSummary } from '../../lib/pricing';
import { productOf } from '../../lib/product-name';
import { useState } from 'react';
import { removeFromCart, setCartSubdomain } from '../../stores/cart';
import SubdomainField from '../configurator/SubdomainField';
import type { PublicVpsImage } from '../../lib/vps/images';
import { itemLocation, optionLabel, type CartLocations } from '../../lib/locations/option';
import type { CartStrings } from './strings';

interface Props {
	item: CartItem;
	locale: Locale;
	summary: ConfigurationSummary;
	money: (minor: number) => string;
	strings: CartStrings;
	/** The VPS images' public facts, to name the one chosen. */
	vpsImages: readonly PublicVpsImage[];
	/** The locations' names, to say where it will run. */
	locations: CartLocations;
}

export default function CartItemCard({
	item,
	locale,
	summary,
	money,
	strings: s,
	vpsImages,
	locations,
}: Props) {
	const plan = findPlan(item.planId)!;
	const where = itemLocation(item.location, plan.product, locations);
	const product = productOf(item.planId)!;
	const details = [
		fill(s['configurator.gb'], { value: item.ram }) + ' RAM',
		item.storageGb !== null && fill(s['configurator.gb'], { value: item.storageGb }),
		summary.specs &&
			plural(s['configurator.cores_one'], s['configurator.cores_other'], summary.specs.cores),
		summary.specs && fill(s['configurator.nvme'], { value: summary.specs.storageGb }),
		...item.extras.map((extra) =>
			extra === 'subDomain' && item.subdomain
				? `${s['extra.subDomain']}: ${item.subdomain}`
				: s[`extra.${extra}`],
		),
		s[`cycle.${item.cycle}`],
	].filter(Boolean);
	return (
		<article className="card" data-cart-item={item.id}>
			<div className="flex flex-wrap items-start justify-between gap-2">
				<h2 className="text-xl font-bold text-white">
					{product.name} · {s[`tier.${plan.tier}`]}
				</h2>
				<p className="font-semibold text-white">
					{fill(s['configurator.perMonth'], { price: money(summary.perMonth) })}
				</p>
			</div>
			<p className="mt-2 text-neutral-200">{details.join(' · ')}</p>
			{where && (
				<p className="mt-1 text-neutral-200" data-cart-location={where.id}>
					{s['configurator.location']}: <img src={where.flag} alt="" className="mr-1 inline h-3" />
					{optionLabel(where)}
				</p>
			)}
			{plan.product === 'vps' && <CartVps item={item} images={vpsImages} strings={s} />}
			{item.extras.includes('subDomain') && (
				<CartSubdomain item={item} locale={locale} strings={s} />
			)}
			<p className="mt-4 flex flex-wrap gap-4 text-sm">
				<a href={`${localizePath(product.path, locale)}?edit=1#configure`}>{s['cart.edit']}</a>
				<button
					type="button"
					onClick={() => removeFromCart(item.id)}
					className="text-primary-300 underline"
				>
					{s['cart.remove']}
				</button>
			</p>
		</article>
	);
}

/** A VPS's image, hostname and sign-in as it will be ordered, or what it still needs. */
function CartVps({
	item,
	images,
	strings: s,
}: {
	item: CartItem;
	images: readonly PublicVpsImage[];
	strings: CartStrings;
}) {
	const image = images.find((candidate) => candidate.id === item.vps?.image);
	if (!item.vps || !image)
		return (
			<p className="mt-2 text-sm text-red-300" role="alert" data-cart-vps-missing>
				{s['cart.vps.missing']}
			</p>
		);
	const keys = item.vps.sshKeys?.length ?? 0;
	const access = keys
		? plural(s['cart.vps.keys_one'], s['cart.vps.keys_other'], keys)
		: s['cart.vps.password'];
	return (
		<p className="mt-1 text-neutral-200" data-cart-vps>
			{[image.name, item.vps.hostname, access].join(' · ')}
		</p>
	);
}

/** The label of the subdomain extra, typed or changed in the cart (checkout needs one). */
function CartSubdomain({ item, locale, strings }: Pick<Props, 'item' | 'locale' | 'strings'>) {
	const [label, setLabel] = useState(item.subdomain ?? '');
	return (
		<SubdomainField
			value={label}
			locale={locale}
			onChange={setLabel}
			onCheck={(check) => {
				if (check.state === 'available' && check.label !== item.subdomain)
					setCartSubdomain(item.id, check.label);
			}}
			showProblem={!item.subdomain}
			strings={strings}
		/>
	);
}
