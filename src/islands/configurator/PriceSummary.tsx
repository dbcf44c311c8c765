import { fill } from '../../lib/fill';
import type { ConfigurationSummary } from '../../lib/pricing';
import type { ConfiguratorStrings } from './strings';

interface Props {
	summary: ConfigurationSummary;
	money: (minor: number) => string;
	strings: ConfiguratorStrings;
}

export default function PriceSummary({ summary, money, strings: s }: Props) {
	const cycleLine =
		summary.months === 1
			? s['configurator.cycleTotal_one']
			: fill(s['configurator.cycleTotal_other'], {
					price: money(summary.cycleTotal),
					count: summary.months,
				});
	return (
		<div className="mt-8 flex flex-col gap-4 border-t border-white/10 pt-6 sm:flex-row sm:items-end sm:justify-between">
			<div aria-live="polite" aria-atomic="true">
				<p className="text-3xl font-extrabold text-white" data-price-per-month>
					{fill(s['configurator.perMonth'], { price: money(summary.perMonth) })}
				</p>
				<p className="mt-1 text-sm text-neutral-200" data-price-cycle>
					{cycleLine}
					{summary.saving > 0 && (
						<span className="ml-2 font-semibold text-emerald-300">
							{fill(s['configurator.saving'], { price: money(summary.saving) })}
						</span>
					)}
				</p>
				<p className="mt-1 text-xs text-neutral-300">{s['configurator.vatNote']}</p>
			</div>
			<button type="submit" className="btn btn-primary">
				{s['configurator.add']}
			</button>
		</div>
	);
}
