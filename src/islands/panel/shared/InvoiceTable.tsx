import type { InvoiceRow } from '../../../lib/panel/types';
import type { PanelTools } from './context';
import { StatusBadge } from './StatusBadge';
import { serviceName } from './service-name';

export const invoiceStatusKey = (status: string) =>
	status === 'paid' ? 'invoice.pdf.status.paidUndated' : `invoice.pdf.status.${status}`;

/** A short list of invoices (the dashboard's): number, service, due date, amount, status. */
export function InvoiceTable(props: { rows: InvoiceRow[]; caption: string; tools: PanelTools }) {
	const { t, money, date, path } = props.tools;
	return (
		<table className="w-full text-left text-sm">
			<caption className="sr-only">{props.caption}</caption>
			<thead className="text-neutral-300">
				<tr>
					<th scope="col" className="py-2 pr-3 font-medium">
						{t('billing.col.number')}
					</th>
					<th scope="col" className="hidden py-2 pr-3 font-medium sm:table-cell">
						{t('billing.col.service')}
					</th>
					<th scope="col" className="py-2 pr-3 font-medium">
						{t('billing.col.due')}
					</th>
					<th scope="col" className="py-2 pr-3 text-right font-medium">
						{t('billing.col.total')}
					</th>
					<th scope="col" className="py-2 font-medium">
						{t('billing.col.status')}
					</th>
				</tr>
			</thead>
			<tbody>
				{props.rows.map((row) => (
					<tr key={row.id} className="border-t border-white/5" data-invoice={row.number}>
						<td className="py-2 pr-3 whitespace-nowrap">
							<a href={path(`/panel/billing/invoices/${row.id}`)}>{row.number}</a>
						</td>
						<td className="hidden py-2 pr-3 text-neutral-200 sm:table-cell">
							{serviceName(row.service, t)}
						</td>
						<td className="py-2 pr-3 whitespace-nowrap text-neutral-200">{date(row.dueAt)}</td>
						<td className="py-2 pr-3 text-right whitespace-nowrap text-white tabular-nums">
							{money(row.total, row.currency)}
						</td>
						<td className="py-2">
							<StatusBadge status={row.status} label={t(invoiceStatusKey(row.status))} />
						</td>
					</tr>
				))}
			</tbody>
		</table>
	);
}
