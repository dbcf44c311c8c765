import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { fill } from '../../../lib/fill';
import type { ServerDetail } from '../../../lib/panel/types';
import { $serverBusy, resumeServer } from '../../../stores/game-server';
import type { PanelTools } from '../shared/context';

/**
 * A paused server: until when, and Resume. Resuming ends a paid pause early and for good, so the
 * button first says what it does (the unused days come back, the server starts) and asks again.
 */
export function PauseNotice(props: {
	server: ServerDetail;
	locale: string;
	tools: PanelTools;
	/** Back from paying the pause fee: confirm the pause, or that it is about to start. */
	paid: boolean;
}) {
	const { server, tools } = props;
	const { t, date } = tools;
	const busy = useStore($serverBusy);
	const [asking, setAsking] = useState(false);
	// Resumed from the page the payment came back to: the pause is over, not about to start.
	const [resumed, setResumed] = useState(false);
	if (!server.pausedUntil)
		return props.paid && !resumed && server.status === 'active' ? (
			<p role="status" className="card text-neutral-100" data-pause-paid="starting">
				{t('servers.pause.starting')}
			</p>
		) : null;
	const resume = async () => {
		const done = await resumeServer(props.locale, (answer) =>
			fill(t('servers.resume.done'), { days: answer.daysReturned, date: date(answer.periodEnd) }),
		);
		setResumed(done);
	};
	return (
		<section className="card flex flex-col gap-3" aria-labelledby="server-paused" data-paused>
			<h2 id="server-paused" className="font-bold text-white" data-paused-until>
				{fill(t('panel.service.pausedUntil'), { date: date(server.pausedUntil) })}
			</h2>
			{props.paid && (
				<p role="status" className="text-emerald-200" data-pause-paid="paused">
					{fill(t('servers.pause.paid'), { date: date(server.pausedUntil) })}
				</p>
			)}
			<p className="text-neutral-100">
				{fill(t('servers.pause.text'), { date: date(server.pausedUntil) })}
			</p>
			{asking && (
				<p className="text-neutral-100" data-resume-confirm>
					{t('servers.resume.confirmText')}
				</p>
			)}
			<div className="flex flex-wrap gap-3">
				<button
					type="button"
					className="btn btn-primary"
					disabled={busy !== null}
					aria-busy={busy === 'resume'}
					aria-describedby={busy !== null && busy !== 'resume' ? 'resume-waits' : undefined}
					data-resume={asking ? 'confirm' : 'ask'}
					onClick={asking ? () => void resume() : () => setAsking(true)}
				>
					{t(
						busy === 'resume'
							? 'servers.resume.busy'
							: asking
								? 'servers.resume.confirm'
								: 'servers.resume',
					)}
				</button>
				{asking && busy !== 'resume' && (
					<button type="button" className="btn btn-secondary" onClick={() => setAsking(false)}>
						{t('servers.resume.cancel')}
					</button>
				)}
			</div>
			{busy !== null && busy !== 'resume' && (
				<p id="resume-waits" className="text-sm text-neutral-300">
					{t('servers.resume.waits')}
				</p>
			)}
		</section>
	);
}
