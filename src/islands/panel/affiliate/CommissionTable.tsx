import { useId } from 'react';
import { fill } from '../../../lib/fill';
import type { AffiliateCommission } from '../../../lib/panel/affiliate';
import type { PanelTools } from '../shared/context';
import { StatusBadge } from '../shared/StatusBadge';
import { formatMonth, formatPercent } from './format';

/** Every commission line, newest first; a referred customer is only ever a number. */
export function CommissionTable(props: { commissions: AffiliateCommission[]; tools: PanelTools }) {
	const { t, money, date, intl } = props.tools;
	const heading = useId();
	const head = 'py-2 pr-3 font-medium';
	return (
		<section aria-labelledby={heading} className="flex flex-col gap-3">
			<h2 id={heading} className="text-xl font-bold text-white">
				{t('affiliate.commissions.heading')}
			</h2>
			{props.commissions.length === 0 ? (
				<p className="card text-neutral-200" role="status" data-no-commissions>
					{t('affiliate.commissions.none')}
				</p>
			) : (
				<div className="card overflow-x-auto">
					<table className="w-full text-left text-sm" data-commissions>
						<caption className="sr-only">{t('affiliate.commissions.caption')}</caption>
						<thead className="text-neutral-300">
							<tr>
								<th scope="col" className={head}>
									{t('affiliate.col.month')}
								</th>
								<th scope="col" className={head}>
									{t('affiliate.col.customer')}
								</th>
								<th scope="col" className={`${head} text-right`}>
									{t('affiliate.col.rate')}
								</th>
								<th scope="col" className={`${head} text-right`}>
									{t('affiliate.col.amount')}
								</th>
								<th scope="col" className={head}>
									{t('affiliate.col.status')}
								</th>
								<th scope="col" className="hidden py-2 font-medium sm:table-cell">
									{t('affiliate.col.availableAt')}
								</th>
							</tr>
						</thead>
						<tbody>
							{props.commissions.map((line, index) => (
								<tr key={index} className="border-t border-white/5" data-commission={line.status}>
									<td className="py-3 pr-3 whitespace-nowrap">
										{formatMonth(line.invoiceMonth, intl)}
									</td>
									<td className="py-3 pr-3 whitespace-nowrap text-neutral-200">
										{fill(t('affiliate.customer'), { number: line.customer })}
									</td>
									<td className="py-3 pr-3 text-right whitespace-nowrap tabular-nums">
										{formatPercent(line.percent, intl)}
									</td>
									<td className="py-3 pr-3 text-right whitespace-nowrap text-white tabular-nums">
										{money(line.amount, line.currency)}
									</td>
									<td className="py-3 pr-3">
										<StatusBadge
											status={line.status}
											label={t(`affiliate.status.${line.status}`)}
										/>
									</td>
									<td className="hidden py-3 whitespace-nowrap text-neutral-200 sm:table-cell">
										{date(line.availableAt)}
									</td>
								</tr>
							))}
						</tbody>
					</table>
				</div>
			)}
		</section>
	);
}
