import { fill } from '../../../lib/fill';
import type { AffiliateCommission } from '../../../lib/panel/affiliate';
import type { PanelTools } from '../shared/context';
import { StatusBadge } from '../shared/StatusBadge';
import { formatMonth, formatPercent } from './format';
import { TableSection } from './TableSection';

/** Every commission line, newest first; a referred customer is only ever a number. */
export function CommissionTable(props: { commissions: AffiliateCommission[]; tools: PanelTools }) {
	const { t, money, date, intl } = props.tools;
	return (
		<TableSection
			name="commissions"
			heading={t('affiliate.commissions.heading')}
			caption={t('affiliate.commissions.caption')}
			{...(props.commissions.length === 0 ? { empty: t('affiliate.commissions.none') } : {})}
			columns={[
				{ label: t('affiliate.col.month') },
				{ label: t('affiliate.col.customer') },
				{ label: t('affiliate.col.rate'), align: 'right' },
				{ label: t('affiliate.col.amount'), align: 'right' },
				{ label: t('affiliate.col.status') },
				{ label: t('affiliate.col.availableAt'), wideOnly: true },
			]}
		>
			{props.commissions.map((line, index) => (
				<tr key={index} className="border-t border-white/5" data-commission={line.status}>
					<td className="py-3 pr-3 whitespace-nowrap">{formatMonth(line.invoiceMonth, intl)}</td>
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
						<StatusBadge status={line.status} label={t(`affiliate.status.${line.status}`)} />
					</td>
					<td className="hidden py-3 whitespace-nowrap text-neutral-200 sm:table-cell">
						{date(line.availableAt)}
					</td>
				</tr>
			))}
		</TableSection>
	);
}
