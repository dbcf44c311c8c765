import { fill } from '../../../lib/fill';
import { pageCount, type InvoiceView } from '../../../lib/panel/invoice-view';
import { changeView } from '../../../stores/invoice-list';
import type { PanelTools } from '../shared/context';

/** Previous / next and where the customer is; nothing when everything fits on one page. */
export function Pager(props: {
	view: InvoiceView;
	page: number;
	total: number;
	tools: PanelTools;
}) {
	const { t } = props.tools;
	const pages = pageCount(props.total, props.view.per);
	if (pages <= 1) return null;
	const go = (page: number) => void changeView({ page });
	return (
		<nav aria-label={t('billing.pagination')} className="flex items-center justify-between gap-3">
			<button
				type="button"
				className="btn btn-secondary"
				disabled={props.page <= 1}
				onClick={() => go(props.page - 1)}
			>
				{t('billing.page.previous')}
			</button>
			<p className="text-sm text-neutral-200" aria-live="polite" data-page-of>
				{fill(t('billing.page.current'), { page: props.page, pages })}
			</p>
			<button
				type="button"
				className="btn btn-secondary"
				disabled={props.page >= pages}
				onClick={() => go(props.page + 1)}
			>
				{t('billing.page.next')}
			</button>
		</nav>
	);
}
