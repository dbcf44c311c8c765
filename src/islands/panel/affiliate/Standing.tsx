import { useId } from 'react';
import { fill, plural } from '../../../lib/fill';
import { tierStanding } from '../../../lib/panel/affiliate';
import type { JoinedAffiliate } from '../../../stores/affiliate';
import type { PanelTools } from '../shared/context';
import { formatPercent } from './format';

/** Link visits, sign-ups and paying customers, the tier they earn and what the next one needs. */
export function Standing({ view, tools }: { view: JoinedAffiliate; tools: PanelTools }) {
	const { t, intl } = tools;
	const heading = useId();
	const count = new Intl.NumberFormat(intl);
	const { current, next, needed } = tierStanding(view.tiers, view.payingCustomers);
	const figures = [
		{ key: 'visits', label: t('affiliate.figures.visits'), value: view.visits },
		{ key: 'signUps', label: t('affiliate.figures.signUps'), value: view.signUps },
		{ key: 'paying', label: t('affiliate.figures.paying'), value: view.payingCustomers },
	];
	return (
		<section aria-labelledby={heading} className="flex flex-col gap-4">
			<h2 id={heading} className="text-xl font-bold text-white">
				{t('affiliate.figures.heading')}
			</h2>
			<dl className="grid gap-4 sm:grid-cols-3">
				{figures.map((figure) => (
					<div key={figure.key} className="card flex flex-col-reverse" data-figure={figure.key}>
						<dt className="mt-1 text-sm text-neutral-300">{figure.label}</dt>
						<dd className="text-2xl font-bold text-white">{count.format(figure.value)}</dd>
					</div>
				))}
			</dl>
			{current && (
				<div className="card flex flex-col gap-1" data-tier>
					<p className="font-semibold text-white">
						{fill(t('affiliate.tier.current'), { percent: formatPercent(current.percent, intl) })}
					</p>
					<p className="text-neutral-200" data-tier-next>
						{next
							? fill(plural(t('affiliate.tier.next_one'), t('affiliate.tier.next_other'), needed), {
									percent: formatPercent(next.percent, intl),
								})
							: t('affiliate.tier.top')}
					</p>
				</div>
			)}
		</section>
	);
}
