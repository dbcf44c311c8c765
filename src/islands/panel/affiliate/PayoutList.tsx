import type { AffiliatePayout } from '../../../lib/panel/affiliate';
import type { PanelTools } from '../shared/context';
import { StatusBadge } from '../shared/StatusBadge';
import { TableSection } from './TableSection';

/** The affiliate's payout requests, newest first, with what became of each. */
export function PayoutList(props: { payouts: AffiliatePayout[]; tools: PanelTools }) {
	const { t, money, date } = props.tools;
	return (
		<TableSection
			name="payouts"
			heading={t('affiliate.payouts.heading')}
			caption={t('affiliate.payouts.caption')}
			{...(props.payouts.length === 0 ? { empty: t('affiliate.payouts.none') } : {})}
			columns={[
				{ label: t('affiliate.payouts.col.requested') },
				{ label: t('affiliate.payouts.col.amount'), align: 'right' },
				{ label: t('affiliate.payouts.col.status') },
			]}
		>
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
		</TableSection>
	);
}
