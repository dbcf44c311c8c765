import type { InvoiceRow } from '../../../lib/panel/types';
import type { PanelTools } from '../shared/context';
import { InvoiceTable } from '../shared/InvoiceTable';

/** This server's invoices, newest first, each linking to its page. */
export function ServerInvoices({ invoices, tools }: { invoices: InvoiceRow[]; tools: PanelTools }) {
	const { t } = tools;
	return (
		<section className="card overflow-x-auto" aria-labelledby="server-invoices">
			<h2 id="server-invoices" className="text-lg font-bold text-white">
				{t('servers.invoices')}
			</h2>
			{invoices.length === 0 ? (
				<p className="mt-3 text-neutral-200">{t('billing.none')}</p>
			) : (
				<div className="mt-3">
					<InvoiceTable rows={invoices} caption={t('servers.invoices')} tools={tools} />
				</div>
			)}
		</section>
	);
}
