import { isOpenInvoice } from '../../../lib/domain/invoice-status';
import { useStore } from '@nanostores/react';
import { fill } from '../../../lib/fill';
import { invoiceKindKey } from '../../../lib/panel/invoice-kinds';
import type { InvoiceSort, InvoiceView } from '../../../lib/panel/invoice-view';
import type { InvoiceRow } from '../../../lib/panel/types';
import { $selected, changeView, toggleSelected } from '../../../stores/invoice-list';
import type { PanelTools } from '../shared/context';
import { invoiceStatusKey } from '../shared/InvoiceTable';
import { serviceName } from '../shared/service-name';
import { StatusBadge } from '../shared/StatusBadge';

const payable = (row: InvoiceRow) => isOpenInvoice(row.status);

function SortHeader(props: {
	sort: InvoiceSort;
	label: string;
	view: InvoiceView;
	tools: PanelTools;
	className?: string;
}) {
	const { sort, label, view } = props;
	const active = view.sort === sort;
	const next = active && view.dir === 'desc' ? 'asc' : 'desc';
	return (
		<th
			scope="col"
			className={`py-2 pr-3 font-medium ${props.className ?? ''}`}
			aria-sort={active ? (view.dir === 'asc' ? 'ascending' : 'descending') : undefined}
		>
			<button
				type="button"
				className="inline-flex items-center gap-1 text-neutral-200 hover:text-white"
				onClick={() => void changeView({ sort, dir: next })}
				title={fill(props.tools.t('billing.sortBy'), { column: label })}
			>
				{label}
				<span aria-hidden="true">{active ? (view.dir === 'asc' ? '▲' : '▼') : '↕'}</span>
			</button>
		</th>
	);
}

/** The page's invoices; open ones can be ticked to pay together. */
export function InvoiceRows(props: { rows: InvoiceRow[]; view: InvoiceView; tools: PanelTools }) {
	const { rows, view, tools } = props;
	const { t, money, date, path } = tools;
	const selected = useStore($selected);
	const header = (sort: InvoiceSort, key: string, className?: string) => (
		<SortHeader sort={sort} label={t(key)} view={view} tools={tools} className={className} />
	);
	return (
		<div className="card overflow-x-auto p-0">
			<table className="w-full text-left text-sm">
				<caption className="sr-only">{t('billing.invoices')}</caption>
				<thead className="text-neutral-300">
					<tr className="border-b border-white/10">
						<th scope="col" className="w-10 py-2 pl-4 font-medium">
							<span className="sr-only">{t('billing.col.select')}</span>
						</th>
						{header('number', 'billing.col.number')}
						<th scope="col" className="py-2 pr-3 font-medium">
							{t('billing.col.service')}
						</th>
						{header('issued', 'billing.col.issued', 'hidden md:table-cell')}
						{header('due', 'billing.col.due')}
						{header('total', 'billing.col.total', 'text-right')}
						{header('status', 'billing.col.status')}
					</tr>
				</thead>
				<tbody>
					{rows.map((row) => (
						<tr key={row.id} className="border-t border-white/5" data-invoice={row.number}>
							<td className="py-2 pl-4">
								{payable(row) && (
									<input
										type="checkbox"
										className="size-4 accent-primary-400"
										checked={Boolean(selected[row.id])}
										onChange={() => toggleSelected(row)}
										aria-label={fill(t('billing.selectInvoice'), { number: row.number })}
									/>
								)}
							</td>
							<td className="py-2 pr-3 whitespace-nowrap">
								<a href={path(`/panel/billing/invoices/${row.id}`)}>{row.number}</a>
								<span className="block text-xs text-neutral-300">
									{t(invoiceKindKey(row.kind))}
								</span>
							</td>
							<td className="py-2 pr-3 text-neutral-200">{serviceName(row.service, t)}</td>
							<td className="hidden py-2 pr-3 whitespace-nowrap text-neutral-200 md:table-cell">
								{date(row.issuedAt)}
							</td>
							<td className="py-2 pr-3 whitespace-nowrap text-neutral-200">{date(row.dueAt)}</td>
							<td className="py-2 pr-3 text-right whitespace-nowrap text-white tabular-nums">
								{money(row.total, row.currency)}
							</td>
							<td className="py-2 pr-4">
								<StatusBadge status={row.status} label={t(invoiceStatusKey(row.status))} />
							</td>
						</tr>
					))}
				</tbody>
			</table>
		</div>
	);
}
