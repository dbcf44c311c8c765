import { fill } from '../../../lib/fill';
import type { InvoiceRow } from '../../../lib/panel/types';
import type { PanelTools } from '../shared/context';
import { InvoiceTable } from '../shared/InvoiceTable';
import { PayControls } from '../shared/PayControls';
import { StatusBadge } from '../shared/StatusBadge';
import { invoiceStatusKey } from '../shared/InvoiceTable';
import type { PaymentMethodKind } from '../../../lib/domain/payment-method';

interface Props {
	rows: InvoiceRow[];
	recent: InvoiceRow[];
	methods: Record<string, PaymentMethodKind[]>;
	locale: string;
	tools: PanelTools;
}

/** What the customer owes (each with its due date and a pay button), then the latest invoices. */
export function OpenInvoices({ rows, recent, methods, locale, tools }: Props) {
	const { t, money, date, path } = tools;
	return (
		<div className="grid gap-6 xl:grid-cols-[2fr_3fr]">
			<section className="card" aria-labelledby="open-invoices">
				<h2 id="open-invoices" className="text-lg font-bold text-white">
					{t('panel.dashboard.openInvoices')}
				</h2>
				{rows.length === 0 ? (
					<p className="mt-3 text-neutral-200">{t('panel.dashboard.noOpenInvoices')}</p>
				) : (
					<ul className="mt-3 flex flex-col gap-4">
						{rows.map((row) => (
							<li
								key={row.id}
								className="flex flex-col gap-3 border-t border-white/5 pt-3"
								data-open-invoice={row.number}
							>
								<div className="flex flex-wrap items-center justify-between gap-2">
									<a href={path(`/panel/billing/invoices/${row.id}`)}>{row.number}</a>
									<StatusBadge status={row.status} label={t(invoiceStatusKey(row.status))} />
								</div>
								<p className="flex flex-wrap justify-between gap-2 text-neutral-200">
									<span>{fill(t('panel.dashboard.dueOn'), { date: date(row.dueAt) })}</span>
									<span className="font-semibold text-white tabular-nums">
										{money(row.total, row.currency)}
									</span>
								</p>
								<PayControls
									invoiceIds={[row.id]}
									methods={methods[row.currency] ?? []}
									locale={locale}
									tools={tools}
									label={t('billing.pay')}
								/>
							</li>
						))}
					</ul>
				)}
			</section>
			<section className="card" aria-labelledby="recent-invoices">
				<div className="flex items-baseline justify-between gap-2">
					<h2 id="recent-invoices" className="text-lg font-bold text-white">
						{t('panel.dashboard.recentInvoices')}
					</h2>
					<a href={path('/panel/billing')}>{t('panel.dashboard.allInvoices')}</a>
				</div>
				<div className="mt-3 overflow-x-auto">
					<InvoiceTable rows={recent} caption={t('panel.dashboard.recentInvoices')} tools={tools} />
				</div>
			</section>
		</div>
	);
}
