import { useStore } from '@nanostores/react';
import type { ServerDetail } from '../../../lib/panel/types';
import { $live, $serverBusy, power } from '../../../stores/game-server';
import type { PanelTools } from '../shared/context';
import { StatusBadge } from '../shared/StatusBadge';
import { LiveResources } from './LiveResources';

const signals = ['start', 'stop', 'restart'] as const;
const under = { start: 'starting', stop: 'stopping', restart: 'restarting' } as const;

/** Which signals make sense in a state: the others are disabled, not hidden. */
function allowed(state: string | undefined, signal: (typeof signals)[number]): boolean {
	if (state === 'offline') return signal === 'start';
	if (state === 'running') return signal !== 'start';
	return false; // installing, starting, stopping, suspended, or not known
}

/** The live state, resource use and Start / Stop / Restart, with the real resulting state. */
export function PowerControls(props: { server: ServerDetail; locale: string; tools: PanelTools }) {
	const { server, tools } = props;
	const { t } = tools;
	const live = useStore($live);
	const busy = useStore($serverBusy);
	const state = live?.state;
	const shown = state ?? server.status;
	return (
		<section className="card flex flex-col gap-4" aria-labelledby="server-state">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h2 id="server-state" className="text-lg font-bold text-white">
					{t('servers.state')}
				</h2>
				<span role="status" data-live-state={shown}>
					<StatusBadge
						status={shown}
						label={t(state ? `panel.live.${state}` : `panel.service.status.${server.status}`)}
					/>
				</span>
			</div>
			{live?.resources && <LiveResources live={live} server={server} tools={tools} />}
			{server.status === 'paused' && (
				<p className="text-neutral-200">{t('servers.power.paused')}</p>
			)}
			{server.status === 'active' && !server.onPanel && (
				<p className="text-neutral-200">{t('servers.error.not_on_panel')}</p>
			)}
			{server.status === 'active' && server.onPanel && (
				<div className="flex flex-wrap gap-3">
					{signals.map((signal) => (
						<button
							key={signal}
							type="button"
							className={signal === 'start' ? 'btn btn-primary' : 'btn btn-secondary'}
							disabled={busy !== null || !allowed(state, signal)}
							aria-busy={busy === signal}
							data-power={signal}
							onClick={() => void power(signal, props.locale)}
						>
							{t(`servers.power.${busy === signal ? under[signal] : signal}`)}
						</button>
					))}
				</div>
			)}
		</section>
	);
}
