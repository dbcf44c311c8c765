import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { fill } from '../../../lib/fill';
import { pageCount, type InvoiceView } from '../../../lib/panel/invoice-view';
import {
	$invoicePage,
	$invoiceView,
	changeView,
	startInvoiceList,
} from '../../../stores/invoice-list';
import { useHydrated } from '../../use-hydrated';
import { panelTools, type PanelProps } from '../shared/context';
import { LoadError } from '../shared/LoadError';
import { Pager } from '../shared/Pager';
import { Skeleton } from '../shared/Skeleton';
import { InvoiceFilters } from './InvoiceFilters';
import { InvoiceRows } from './InvoiceRows';
import { SelectionBar } from './SelectionBar';
import type { PaymentMethodKind } from '../../../lib/domain/payment-method';

interface Props extends PanelProps {
	/** The view the page's URL asked for, so the first render matches the server's HTML. */
	initialView: InvoiceView;
	methods: Record<string, PaymentMethodKind[]>;
}

/** /panel/billing: the customer's invoices, searched, filtered, sorted and paged in the URL. */
export default function InvoiceList(props: Props) {
	const tools = panelTools(props);
	const { t } = tools;
	const hydrated = useHydrated();
	const stored = useStore($invoiceView);
	const view = hydrated ? stored : props.initialView;
	const loaded = useStore($invoicePage);
	useEffect(() => startInvoiceList(t('invoices.error.load')), []);
	return (
		<div className="flex flex-col gap-4" data-invoice-list>
			<InvoiceFilters view={view} tools={tools} />
			{loaded.state === 'loading' ? (
				<Skeleton
					lines={view.per === 'all' ? 10 : Math.min(view.per, 10) + 1}
					label={t('panel.loading')}
				/>
			) : loaded.state === 'error' ? (
				<LoadError
					message={loaded.message}
					retry={() => void changeView({ page: view.page }, 'replace')}
					retryLabel={t('panel.error.retry')}
				/>
			) : loaded.data.total === 0 ? (
				<p className="card text-neutral-200" role="status" data-no-invoices>
					{t(view.q || view.status !== 'all' ? 'billing.noMatch' : 'billing.none')}
				</p>
			) : (
				<>
					<p className="text-sm text-neutral-300" role="status" data-showing>
						{fill(t('billing.showing'), {
							from: view.per === 'all' ? 1 : (loaded.data.page - 1) * view.per + 1,
							to:
								(view.per === 'all' ? 0 : (loaded.data.page - 1) * view.per) +
								loaded.data.rows.length,
							total: loaded.data.total,
						})}
					</p>
					<InvoiceRows rows={loaded.data.rows} view={view} tools={tools} />
					<Pager
						page={loaded.data.page}
						pages={pageCount(loaded.data.total, view.per)}
						go={(page) => void changeView({ page })}
						tools={tools}
					/>
					<SelectionBar methods={props.methods} locale={props.locale} tools={tools} />
				</>
			)}
		</div>
	);
}
