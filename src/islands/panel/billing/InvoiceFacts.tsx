import type { InvoiceDetail } from '../../../lib/panel/types';
import type { PanelTools } from '../shared/context';
import { invoiceStatusKey } from '../shared/InvoiceTable';
import { serviceName } from '../shared/service-name';
import { StatusBadge } from '../shared/StatusBadge';

/**
 * "Game server · Palworld · Pal island", "VPS · web-1": the kind, then the name. A VPS's name
 * already starts with its kind (serviceName), so it is not said twice.
 */
function serviceOf(service: InvoiceDetail['service'], t: PanelTools['t']): string {
	if (!service) return '—';
	const name = serviceName(service, t);
	return service.type === 'vps' ? name : `${t('invoice.type.game')} · ${name}`;
}

/** Dates, period, service and status of an invoice, as a description list. */
export function InvoiceFacts({ invoice, tools }: { invoice: InvoiceDetail; tools: PanelTools }) {
	const { t, date } = tools;
	// Each fact's label, value and the name tests find it by (`data-fact`).
	const facts: [string, React.ReactNode, string?][] = [
		[t('invoice.issued'), date(invoice.issuedAt)],
		[t('invoice.due'), date(invoice.dueAt)],
		// One fact, named as on the PDF: "From" and "To" read as sender and recipient on an invoice.
		[
			t('invoice.pdf.period'),
			invoice.periodStart && invoice.periodEnd
				? `${date(invoice.periodStart)} – ${date(invoice.periodEnd)}`
				: '—',
		],
		[t('invoice.serviceType'), serviceOf(invoice.service, t), 'service'],
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
				{facts.map(([label, value, name]) => (
					<div key={label} className="flex flex-col gap-1">
						<dt className="text-sm text-neutral-300">{label}</dt>
						<dd className="text-white" data-fact={name}>
							{value}
						</dd>
					</div>
				))}
			</dl>
		</section>
	);
}
