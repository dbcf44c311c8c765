import type { InvoiceDetail } from '../../../lib/panel/types';
import type { PanelTools } from '../shared/context';
import { invoiceStatusKey } from '../shared/InvoiceTable';
import { serviceName } from '../shared/service-name';
import { StatusBadge } from '../shared/StatusBadge';

/** Dates, period, service and status of an invoice, as a description list. */
export function InvoiceFacts({ invoice, tools }: { invoice: InvoiceDetail; tools: PanelTools }) {
	const { t, date } = tools;
	const facts: [string, React.ReactNode][] = [
		[t('invoice.issued'), date(invoice.issuedAt)],
		[t('invoice.due'), date(invoice.dueAt)],
		// One fact, named as on the PDF: "From" and "To" read as sender and recipient on an invoice.
		[
			t('invoice.pdf.period'),
			invoice.periodStart && invoice.periodEnd
				? `${date(invoice.periodStart)} – ${date(invoice.periodEnd)}`
				: '—',
		],
		[
			t('invoice.serviceType'),
			invoice.service
				? `${t(`invoice.type.${invoice.service.type}`)} · ${serviceName(invoice.service, t)}`
				: '—',
		],
		[
			t('invoice.status'),
			<StatusBadge
				key="status"
				status={invoice.status}
				label={t(invoiceStatusKey(invoice.status))}
			/>,
		],
	];
	return (
		<section className="card" aria-label={t('invoice.details')}>
			<dl className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
				{facts.map(([label, value]) => (
					<div key={label} className="flex flex-col gap-1">
						<dt className="text-sm text-neutral-300">{label}</dt>
						<dd className="text-white">{value}</dd>
					</div>
				))}
			</dl>
		</section>
	);
}
