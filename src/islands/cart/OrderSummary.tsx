import type { ReactNode } from 'react';
import { fill } from '../../lib/fill';
import type { Quote } from '../../lib/pricing';
import type { CartStrings } from './strings';

interface Props {
	lines: Quote;
	discountCode?: string;
	country: string;
	/** The customer's country is still being asked for: no VAT or total for the wrong one yet. */
	pending?: boolean;
	intl: string;
	money: (minor: number) => string;
	/** The checkout link under the summary; the checkout's own review shows none. */
	checkoutPath?: string;
	strings: CartStrings;
}

/** Subtotal, discount, VAT and the total due today, as the first invoice will have them. */
export default function OrderSummary({
	lines,
	discountCode,
	country,
	pending = false,
	intl,
	money,
	checkoutPath,
	strings: s,
}: Props) {
	const countryName = new Intl.DisplayNames([intl], { type: 'region' }).of(country) ?? country;
	const percent = new Intl.NumberFormat(intl, { maximumFractionDigits: 2 });
	const waiting = <span className="inline-block h-4 w-16 animate-pulse rounded bg-white/10" />;
	const row = (label: string, value: ReactNode, testId: string) => (
		<div className="flex justify-between gap-4 py-1.5" data-line={testId}>
			<dt className="text-neutral-200">{label}</dt>
			<dd className="text-white tabular-nums">{value}</dd>
		</div>
	);
	return (
		<aside className="card h-fit" aria-labelledby="order-summary">
			<h2 id="order-summary" className="text-lg font-bold text-white">
				{s['cart.summary']}
			</h2>
			<dl className="mt-4" aria-busy={pending}>
				{row(s['cart.subtotal'], money(lines.subtotal), 'subtotal')}
				{lines.discount > 0 &&
					row(
						fill(s['cart.discount'], {
							code: discountCode ?? '',
							percent: percent.format(lines.discountPercent),
						}),
						`−${money(lines.discount)}`,
						'discount',
					)}
				{pending
					? row(s['cart.taxPending'], waiting, 'tax')
					: row(
							fill(s['cart.tax'], { rate: percent.format(lines.taxPercent) }),
							money(lines.tax),
							'tax',
						)}
				<div
					className="mt-2 flex justify-between gap-4 border-t border-white/10 pt-3 text-lg font-bold"
					data-line="total"
				>
					<dt className="text-white">{s['cart.total']}</dt>
					<dd className="text-white tabular-nums">{pending ? waiting : money(lines.total)}</dd>
				</div>
			</dl>
			{!pending && (
				<p className="mt-3 text-xs text-neutral-300">
					{fill(s['cart.taxCountry'], { country: countryName })}
				</p>
			)}
			{lines.discount > 0 && (
				<p className="mt-1 text-xs text-neutral-300">
					{fill(s['cart.renewal'], { price: money(lines.subtotal) })}
				</p>
			)}
			{checkoutPath && (
				<a href={checkoutPath} className="btn btn-primary mt-6 w-full">
					{s['cart.checkout']}
				</a>
			)}
		</aside>
	);
}
