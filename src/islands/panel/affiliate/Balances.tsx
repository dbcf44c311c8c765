import { fill } from '../../../lib/fill';
import { shownBalances, type JoinedAffiliate } from '../../../stores/affiliate';
import type { PanelTools } from '../shared/context';
import { TableSection } from './TableSection';

/** Earnings per currency, never added across currencies: pending (in the hold), available, paid. */
export function Balances(props: { view: JoinedAffiliate; currency: string; tools: PanelTools }) {
	const { t, money } = props.tools;
	const amount = 'py-3 text-right whitespace-nowrap tabular-nums';
	return (
		<TableSection
			name="balances"
			heading={t('affiliate.balances.heading')}
			caption={t('affiliate.balances.caption')}
			columns={[
				{ label: t('affiliate.balance.currency') },
				{
					label: fill(t('affiliate.balance.pending'), { days: props.view.holdDays }),
					align: 'right',
				},
				{ label: t('affiliate.balance.available'), align: 'right' },
				{ label: t('affiliate.balance.paidOut'), align: 'right' },
			]}
		>
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
					<td className={`${amount} pr-3 text-white`} data-available data-currency={b.currency}>
						{money(b.available, b.currency)}
					</td>
					<td className={amount} data-paid-out data-currency={b.currency}>
						{money(b.paidOut, b.currency)}
					</td>
				</tr>
			))}
		</TableSection>
	);
}
