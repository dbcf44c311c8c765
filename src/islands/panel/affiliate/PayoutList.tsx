import { useId } from 'react';
import type { AffiliatePayout } from '../../../lib/panel/affiliate';
import type { PanelTools } from '../shared/context';
import { StatusBadge } from '../shared/StatusBadge';

/** The affiliate's payout requests, newest first, with what became of each. */
export function PayoutList(props: { payouts: AffiliatePayout[]; tools: PanelTools }) {
	const { t, money, date } = props.tools;
	const heading = useId();
	const head = 'py-2 pr-3 font-medium';
	return (
		<section aria-labelledby={heading} className="flex flex-col gap-3">
			<h2 id={heading} className="text-xl font-bold text-white">
				{t('affiliate.payouts.heading')}
			</h2>
			{props.payouts.length === 0 ? (
				<p className="card text-neutral-200" role="status" data-no-payouts>
					{t('affiliate.payouts.none')}
				</p>
			) : (
				<div className="card overflow-x-auto">
					<table className="w-full text-left text-sm" data-payouts>
						<caption className="sr-only">{t('affiliate.payouts.caption')}</caption>
						<thead className="text-neutral-300">
							<tr>
								<th scope="col" className={head}>
									{t('affiliate.payouts.col.requested')}
								</th>
								<th scope="col" className={`${head} text-right`}>
									{t('affiliate.payouts.col.amount')}
								</th>
								<th scope="col" className="py-2 font-medium">
									{t('affiliate.payouts.col.status')}
								</th>
							</tr>
						</thead>
						<tbody>
							{props.payouts.map((payout) => (
								<tr key={payout.id} className="border-t border-white/5" data-payout={payout.id}>
									<td className="py-3 pr-3 whitespace-nowrap">{date(payout.requestedAt)}</td>
									<td className="py-3 pr-3 text-right whitespace-nowrap text-white tabular-nums">
										{money(payout.amount, payout.currency)}
									</td>
									<td className="py-3">
										<StatusBadge
											status={payout.status}
											label={t(`affiliate.payoutStatus.${payout.status}`)}
										/>
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
