import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { fill } from '../../../lib/fill';
import { uptimeParts } from '../../../lib/vps/metrics-summary';
import { powerBlock, shutdownGraceSeconds, vpsPowerActions } from '../../../lib/vps/power';
import {
	$shutdownLeft,
	$vpsLive,
	$vpsPowerBusy,
	$vpsPowerError,
	powerVps,
	type VpsLive,
} from '../../../stores/vps-power';
import { panelTools, type PanelProps } from '../shared/context';
import { StatusBadge } from '../shared/StatusBadge';

/**
 * The machine's state and uptime, and Start / Shut down / Stop / Reboot / Reset. After an action
 * the state shown is the one the machine reaches; a control that cannot be used says why.
 */
export default function VpsPower(props: PanelProps & { serviceId: string; initial: VpsLive }) {
	const { t } = panelTools(props);
	useEffect(() => $vpsLive.set(props.initial), [props.initial]);
	const live = useStore($vpsLive) ?? props.initial;
	const busy = useStore($vpsPowerBusy);
	const left = useStore($shutdownLeft);
	const error = useStore($vpsPowerError);
	const blocks = vpsPowerActions.map((action) => ({
		action,
		block: powerBlock(live.state, action),
	}));
	const reasons = [...new Set(blocks.map((b) => b.block).filter((b) => b !== null))];
	const uptime = live.uptimeSeconds === null ? null : uptimeParts(live.uptimeSeconds);
	return (
		<section className="card flex flex-col gap-4" aria-labelledby="vps-power">
			<div className="flex flex-wrap items-center justify-between gap-3">
				<h2 id="vps-power" className="text-lg font-bold text-white">
					{t('vps.page.power.title')}
				</h2>
				<span role="status" data-vps-state={live.state}>
					<StatusBadge status={live.state} label={t(`vps.page.state.${live.state}`)} />
				</span>
			</div>
			<p className="text-neutral-200" data-uptime>
				{t('vps.page.uptime.label')}:{' '}
				{uptime ? fill(t('vps.page.uptime.value'), uptime) : t('vps.page.uptime.none')}
			</p>
			<div className="flex flex-wrap gap-3">
				{blocks.map(({ action, block }) => (
					<button
						key={action}
						type="button"
						className={action === 'start' ? 'btn btn-primary' : 'btn btn-secondary'}
						disabled={busy !== null || block !== null}
						aria-busy={busy === action}
						aria-describedby={block ? `vps-why-${block}` : undefined}
						data-power={action}
						onClick={() =>
							void powerVps(props.serviceId, action, props.locale, t('panel.error.generic'))
						}
					>
						{t(`vps.page.power.${action}`)}
					</button>
				))}
			</div>
			{reasons.map((reason) => (
				<p
					key={reason}
					id={`vps-why-${reason}`}
					className="text-sm text-neutral-300"
					data-why={reason}
				>
					{t(`vps.page.power.why.${reason}`)}
				</p>
			))}
			<p className="text-sm text-neutral-300">
				{fill(t('vps.page.power.shutdownNote'), { seconds: shutdownGraceSeconds })}
			</p>
			{left !== null && (
				<p className="text-amber-200" role="status" data-shutdown-left>
					{fill(t('vps.page.power.shutdownLeft'), { seconds: left })}
				</p>
			)}
			{error && (
				<p className="text-red-300" role="alert">
					{error}
				</p>
			)}
		</section>
	);
}
