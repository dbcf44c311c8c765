import { useStore } from '@nanostores/react';
import { useId } from 'react';
import type { ProductType } from '../../../lib/domain/product';
import { pageCount, pageSizes } from '../../../lib/panel/invoice-view';
import { routes } from '../../../lib/routes';
import type { ServerView } from '../../../lib/panel/server-view';
import {
	$serverPage,
	$serverView,
	showServers,
	startServerList,
} from '../../../stores/server-list';
import { useHydrated } from '../../use-hydrated';
import { panelTools, type PanelProps } from '../shared/context';
import { LoadError } from '../shared/LoadError';
import { Pager } from '../shared/Pager';
import { Skeleton } from '../shared/Skeleton';
import { ServerRows } from './ServerRows';
import { useEffect } from 'react';

interface Props extends PanelProps {
	initialView: ServerView;
	/** Game servers (/panel/game-servers) or VPS (/panel/vps): a list of each on its own page. */
	kind: ProductType;
}

/** The words and the order link of each kind's list. */
const lists = {
	game: {
		order: routes.orderGame,
		orderLabel: 'panel.dashboard.quick.order',
		none: 'servers.none',
	},
	vps: { order: routes.orderVps, orderLabel: 'vps.list.order', none: 'vps.list.none' },
} as const;

/** /panel/game-servers and /panel/vps: the customer's servers of a kind, paged, each with Manage. */
export default function ServerList(props: Props) {
	const tools = panelTools(props);
	const { t, path } = tools;
	const list = lists[props.kind];
	const hydrated = useHydrated();
	const stored = useStore($serverView);
	const view = hydrated ? stored : props.initialView;
	const loaded = useStore($serverPage);
	const perId = useId();
	useEffect(() => startServerList(t('panel.error.generic'), props.kind), [props.kind]);
	const pages = loaded.state === 'ready' ? pageCount(loaded.data.total, view.per) : 1;
	return (
		<div className="flex flex-col gap-4" data-server-list={props.kind}>
			<div className="flex flex-wrap items-end justify-between gap-3">
				<a className="btn btn-secondary" href={path(list.order)}>
					{t(list.orderLabel)}
				</a>
				<div className="flex flex-col gap-1">
					<label htmlFor={perId} className="text-sm text-neutral-300">
						{t('billing.perPage')}
					</label>
					<select
						id={perId}
						value={String(view.per)}
						onChange={(event) => {
							const per = pageSizes.find((size) => String(size) === event.target.value);
							if (per) void showServers({ per, page: 1 });
						}}
						className="rounded-lg border border-neutral-600 bg-neutral-900 px-3 py-2 text-neutral-100"
					>
						{pageSizes.map((size) => (
							<option key={size} value={String(size)}>
								{size === 'all' ? t('billing.perPage.all') : size}
							</option>
						))}
					</select>
				</div>
			</div>
			{loaded.state === 'loading' ? (
				<Skeleton lines={4} label={t('panel.loading')} />
			) : loaded.state === 'error' ? (
				<LoadError message={loaded.message} retryLabel={t('panel.error.retry')} />
			) : loaded.data.total === 0 ? (
				<p className="card text-neutral-200">{t(list.none)}</p>
			) : (
				<>
					<ServerRows rows={loaded.data.rows} kind={props.kind} tools={tools} />
					<Pager
						page={loaded.data.page}
						pages={pages}
						go={(page) => void showServers({ ...view, page })}
						tools={tools}
					/>
				</>
			)}
		</div>
	);
}
