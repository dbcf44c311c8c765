import { fill } from '../../../lib/fill';
import type { PanelTools } from './context';

/** Previous / next and where the customer is; nothing when everything fits on one page. */
export function Pager(props: {
	page: number;
	pages: number;
	go: (page: number) => void;
	tools: PanelTools;
}) {
	const { page, pages, go } = props;
	const { t } = props.tools;
	if (pages <= 1) return null;
	return (
		<nav aria-label={t('billing.pagination')} className="flex items-center justify-between gap-3">
			<button
				type="button"
				className="btn btn-secondary"
				disabled={page <= 1}
				onClick={() => go(page - 1)}
			>
				{t('billing.page.previous')}
			</button>
			<p className="text-sm text-neutral-200" aria-live="polite" data-page-of>
				{fill(t('billing.page.current'), { page, pages })}
			</p>
			<button
				type="button"
				className="btn btn-secondary"
				disabled={page >= pages}
				onClick={() => go(page + 1)}
			>
				{t('billing.page.next')}
			</button>
		</nav>
	);
}
