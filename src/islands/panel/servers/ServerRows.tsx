import type { ProductType } from '../../../lib/domain/product';
import { serverPages } from '../../../lib/routes';
import type { ServerRow } from '../../../lib/panel/types';
import { fill } from '../../../lib/fill';
import type { PanelTools } from '../shared/context';
import { serviceName } from '../shared/service-name';
import { StatusBadge } from '../shared/StatusBadge';

interface Props {
	rows: ServerRow[];
	kind: ProductType;
	tools: PanelTools;
}

/** One row per server: its name, plan, RAM, status (live when active), next due date, Manage. */
export function ServerRows({ rows, kind, tools }: Props) {
	const { t, date, path } = tools;
	return (
		<div className="card overflow-x-auto p-0">
			<table className="w-full text-left text-sm">
				<caption className="sr-only">
					{t(kind === 'vps' ? 'panel.nav.vps' : 'panel.nav.servers')}
				</caption>
				<thead className="text-neutral-300">
					<tr className="border-b border-white/10">
						<th scope="col" className="py-2 pr-3 pl-4 font-medium">
							{t('servers.col.server')}
						</th>
						<th scope="col" className="py-2 pr-3 font-medium">
							{t('servers.plan')}
						</th>
						<th scope="col" className="py-2 pr-3 font-medium">
							{t('servers.ram')}
						</th>
						<th scope="col" className="py-2 pr-3 font-medium">
							{t('servers.status')}
						</th>
						<th scope="col" className="py-2 pr-3 font-medium">
							{t('servers.nextDue')}
						</th>
						<th scope="col" className="py-2 pr-4 font-medium">
							<span className="sr-only">{t('panel.dashboard.manage')}</span>
						</th>
					</tr>
				</thead>
				<tbody>
					{rows.map((row) => {
						const state = row.liveState ?? row.status;
						const name = serviceName(row, t);
						return (
							<tr key={row.id} className="border-t border-white/5" data-server-row={row.id}>
								<td className="py-2 pr-3 pl-4 text-white">{name}</td>
								<td className="py-2 pr-3 text-neutral-200">{t(`servers.tier.${row.tier}`)}</td>
								<td className="py-2 pr-3 whitespace-nowrap text-neutral-200">{row.ramGb} GB</td>
								<td className="py-2 pr-3">
									<StatusBadge
										status={state}
										label={t(
											row.liveState
												? `panel.live.${row.liveState}`
												: `panel.service.status.${row.status}`,
										)}
									/>
									{row.pausedUntil && (
										<span className="block text-xs text-neutral-300" data-paused-until>
											{fill(t('panel.service.pausedUntil'), { date: date(row.pausedUntil) })}
										</span>
									)}
									{row.cancelAtPeriodEnd && (
										<span className="block text-xs text-amber-200">
											{t('panel.service.pendingCancellation')}
										</span>
									)}
								</td>
								<td className="py-2 pr-3 whitespace-nowrap text-neutral-200">
									{row.cancelAtPeriodEnd ? '—' : date(row.nextDueAt)}
								</td>
								<td className="py-2 pr-4">
									<a
										href={path(serverPages(row).page)}
										aria-label={`${t('panel.dashboard.manage')}: ${name}`}
									>
										{t('panel.dashboard.manage')}
									</a>
								</td>
							</tr>
						);
					})}
				</tbody>
			</table>
		</div>
	);
}
