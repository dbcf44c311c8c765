import { useId } from 'react';
import { fill } from '../../../lib/fill';
import { shownBalances, type JoinedAffiliate } from '../../../stores/affiliate';
import type { PanelTools } from '../shared/context';

/** Earnings per currency, never added across currencies: pending (in the hold), available, paid. */
export function Balances(props: { view: JoinedAffiliate; currency: string; tools: PanelTools }) {
	const { t, money } = props.tools;
	const heading = useId();
	const head = 'py-2 pr-3 font-medium';
	const amount = 'py-3 text-right whitespace-nowrap tabular-nums';
	return (
		<section aria-labelledby={heading} className="flex flex-col gap-3">
			<h2 id={heading} className="text-xl font-bold text-white">
				{t('affiliate.balances.heading')}
			</h2>
			<div className="card overflow-x-auto">
				<table className="w-full text-left text-sm" data-balances>
					<caption className="sr-only">{t('affiliate.balances.caption')}</caption>
					<thead className="text-neutral-300">
						<tr>
							<th scope="col" className={head}>
								{t('affiliate.balance.currency')}
							</th>
							<th scope="col" className={`${head} text-right`}>
								{fill(t('affiliate.balance.pending'), { days: props.view.holdDays })}
							</th>
							<th scope="col" className={`${head} text-right`}>
								{t('affiliate.balance.available')}
							</th>
							<th scope="col" className="py-2 text-right font-medium">
								{t('affiliate.balance.paidOut')}
							</th>
						</tr>
					</thead>
					<tbody>
						{shownBalances(props.view.balances, props.currency).map((b) => (
							<tr key={b.currency} className="border-t border-white/5" data-balance={b.currency}>
								<th scope="row" className="py-3 pr-3 font-semibold text-white">
									{b.currency}
								</th>
								<td
									className={`${amount} pr-3`}
									data-pending
									data-currency={b.currency}
									data-minor={b.pending}
								>
									{money(b.pending, b.currency)}
								</td>
								<td
									className={`${amount} pr-3 text-white`}
									data-available
									data-currency={b.currency}
								>
									{money(b.available, b.currency)}
								</td>
								<td className={amount} data-paid-out data-currency={b.currency}>
									{money(b.paidOut, b.currency)}
								</td>
							</tr>
						))}
					</tbody>
				</table>
			</div>
		</section>
	);
}
