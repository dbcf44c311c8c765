import type { Dashboard } from '../../../lib/panel/types';
import type { PanelTools } from '../shared/context';

/** The four counts; money spent is listed per currency, never added across currencies. */
export function Figures(props: {
	summary: Dashboard['summary'];
	tools: PanelTools;
	currency: string;
}) {
	const { t, money } = props.tools;
	const { summary } = props;
	const spent = summary.totalSpent.length
		? summary.totalSpent.map((s) => money(s.amount, s.currency)).join(' · ')
		: money(0, props.currency);
	const figures = [
		{ key: 'activeServers', label: t('panel.stats.activeServers'), value: summary.activeServers },
		{
			key: 'unpaidInvoices',
			label: t('panel.stats.unpaidInvoices'),
			value: summary.unpaidInvoices,
		},
		{ key: 'activeTickets', label: t('panel.stats.activeTickets'), value: summary.activeTickets },
		{ key: 'totalSpent', label: t('panel.stats.totalSpent'), value: spent },
	];
	return (
		<dl className="grid gap-4 sm:grid-cols-2 xl:grid-cols-4">
			{figures.map((figure) => (
				<div key={figure.key} className="card flex flex-col-reverse" data-figure={figure.key}>
					<dt className="mt-1 text-sm text-neutral-300">{figure.label}</dt>
					<dd className="text-2xl font-bold text-white">{figure.value}</dd>
				</div>
			))}
		</dl>
	);
}
