import { useEffect, useId, useRef, useState } from 'react';
import { invoiceStatuses } from '../../../lib/domain/invoice-status';
import { pageSizes, type InvoiceView } from '../../../lib/panel/invoice-view';
import { changeView } from '../../../stores/invoice-list';
import type { PanelTools } from '../shared/context';
import { invoiceStatusKey } from '../shared/InvoiceTable';

const field = 'rounded-lg border border-neutral-600 bg-neutral-900 px-3 py-2 text-neutral-100';

/** Search (as you type, one history entry per search), status and rows per page. */
export function InvoiceFilters({ view, tools }: { view: InvoiceView; tools: PanelTools }) {
	const { t } = tools;
	const ids = { q: useId(), status: useId(), per: useId() };
	const [q, setQ] = useState(view.q);
	const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
	// Back and forward change the view under the box: show what the URL says.
	useEffect(() => setQ(view.q), [view.q]);
	const search = (value: string) => {
		setQ(value);
		clearTimeout(typing.current);
		typing.current = setTimeout(() => void changeView({ q: value.trim() }, 'replace'), 250);
	};
	return (
		<form
			role="search"
			className="flex flex-wrap items-end gap-3"
			onSubmit={(event) => {
				event.preventDefault();
				clearTimeout(typing.current);
				void changeView({ q: q.trim() });
			}}
		>
			<div className="flex min-w-56 flex-1 flex-col gap-1">
				<label htmlFor={ids.q} className="text-sm text-neutral-300">
					{t('billing.search.label')}
				</label>
				<input
					id={ids.q}
					type="search"
					name="q"
					value={q}
					maxLength={60}
					placeholder={t('billing.search.placeholder')}
					onChange={(event) => search(event.target.value)}
					className={field}
				/>
			</div>
			<div className="flex flex-col gap-1">
				<label htmlFor={ids.status} className="text-sm text-neutral-300">
					{t('billing.filter.status')}
				</label>
				<select
					id={ids.status}
					name="status"
					value={view.status}
					onChange={(event) =>
						void changeView({ status: event.target.value as InvoiceView['status'] })
					}
					className={field}
				>
					<option value="all">{t('billing.filter.all')}</option>
					{invoiceStatuses.map((status) => (
						<option key={status} value={status}>
							{t(invoiceStatusKey(status))}
						</option>
					))}
				</select>
			</div>
			<div className="flex flex-col gap-1">
				<label htmlFor={ids.per} className="text-sm text-neutral-300">
					{t('billing.perPage')}
				</label>
				<select
					id={ids.per}
					name="per"
					value={String(view.per)}
					onChange={(event) => {
						const per = pageSizes.find((size) => String(size) === event.target.value);
						if (per) void changeView({ per });
					}}
					className={field}
				>
					{pageSizes.map((size) => (
						<option key={size} value={String(size)}>
							{size === 'all' ? t('billing.perPage.all') : size}
						</option>
					))}
				</select>
			</div>
		</form>
	);
}
