import { routes, serverPages } from '../../../lib/routes';
import { fill } from '../../../lib/fill';
import type { ServerRow } from '../../../lib/panel/types';
import type { PanelTools } from '../shared/context';
import { serviceName } from '../shared/service-name';
import { StatusBadge } from '../shared/StatusBadge';

const kinds = [
	{ type: 'game', href: routes.servers, label: 'panel.dashboard.allServers' },
	{ type: 'vps', href: routes.vpsList, label: 'panel.dashboard.allVps' },
] as const;

/** The customer's servers: what they are, whether they run, when they are due. */
export function ServerList({ servers, tools }: { servers: ServerRow[]; tools: PanelTools }) {
	const { t, date, path } = tools;
	return (
		<section className="card" aria-labelledby="your-servers">
			<div className="flex items-baseline justify-between gap-2">
				<h2 id="your-servers" className="text-lg font-bold text-white">
					{t('panel.dashboard.servers')}
				</h2>
				{/* Each kind's full list is a page of its own: a link to each kind the customer has. */}
				<div className="flex flex-wrap gap-x-4">
					{kinds
						.filter((kind) => servers.some((server) => server.type === kind.type))
						.map((kind) => (
							<a key={kind.type} href={path(kind.href)} data-all-servers={kind.type}>
								{t(kind.label)}
							</a>
						))}
				</div>
			</div>
			<ul className="mt-3 grid gap-3 md:grid-cols-2">
				{servers.map((server) => {
					const state = server.liveState ?? server.status;
					const stateKey = server.liveState
						? `panel.live.${server.liveState}`
						: `panel.service.status.${server.status}`;
					return (
						<li
							key={server.id}
							className="flex flex-col gap-2 rounded-lg bg-white/5 p-4"
							data-server={server.id}
						>
							<div className="flex flex-wrap items-center justify-between gap-2">
								<span className="font-semibold text-white">{serviceName(server, t)}</span>
								<StatusBadge status={state} label={t(stateKey)} />
							</div>
							<p className="text-sm text-neutral-200">
								{fill(t('panel.ram'), { gb: server.ramGb })}
								{server.nextDueAt && ' · '}
								{server.nextDueAt &&
									fill(
										t(
											server.cancelAtPeriodEnd
												? 'panel.dashboard.endsOn'
												: 'panel.dashboard.nextDue',
										),
										{ date: date(server.nextDueAt) },
									)}
							</p>
							{server.pausedUntil && (
								<p className="text-sm text-neutral-300" data-paused-until>
									{fill(t('panel.service.pausedUntil'), { date: date(server.pausedUntil) })}
								</p>
							)}
							{server.cancelAtPeriodEnd && (
								<p className="text-sm text-amber-200">{t('panel.service.pendingCancellation')}</p>
							)}
							<a
								className="self-start"
								href={path(serverPages(server).page)}
								aria-label={`${t('panel.dashboard.manage')}: ${serviceName(server, t)}`}
							>
								{t('panel.dashboard.manage')}
							</a>
						</li>
					);
				})}
			</ul>
		</section>
	);
}
