import { useStore } from '@nanostores/react';
import { fill } from '../../../lib/fill';
import { standingOf } from '../../../lib/panel/standing';
import type { ServerDetail } from '../../../lib/panel/types';
import { $serverBusy, keepServer } from '../../../stores/game-server';
import type { PanelTools } from '../shared/context';

/** A server set to be cancelled: when its data is deleted, and one click to keep it. */
export function CancellationNotice(props: {
	server: ServerDetail;
	locale: string;
	tools: PanelTools;
}) {
	const { server, tools } = props;
	const { t, date } = tools;
	const busy = useStore($serverBusy);
	// Not once it has ended (money back after cancelling): nothing is left to keep.
	if (standingOf(server).kind !== 'pendingCancellation') return null;
	return (
		<section
			className="card flex flex-wrap items-center justify-between gap-4 ring-amber-400/40"
			data-pending-cancellation
		>
			<div>
				<h2 className="font-bold text-amber-100">{t('panel.service.pendingCancellation')}</h2>
				<p className="text-neutral-100" data-deletion-date>
					{fill(t('servers.deletionDate'), { date: date(server.subscription.periodEnd) })}
				</p>
			</div>
			<button
				type="button"
				className="btn btn-primary"
				disabled={busy !== null}
				onClick={() => void keepServer(props.locale, t('servers.kept'))}
			>
				{t('servers.keep')}
			</button>
		</section>
	);
}
