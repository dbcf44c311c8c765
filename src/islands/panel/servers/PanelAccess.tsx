import { useStore } from '@nanostores/react';
import { useState } from 'react';
import type { ServerDetail } from '../../../lib/panel/types';
import { $serverBusy, resetPassword, type PanelCredentials } from '../../../stores/game-server';
import type { PanelTools } from '../shared/context';
import { CopyButton } from '../shared/CopyButton';

/** Go to the game panel, and a new panel (and SFTP) password shown once, never stored. */
export function PanelAccess(props: { server: ServerDetail; locale: string; tools: PanelTools }) {
	const { server, tools } = props;
	const { t } = tools;
	const busy = useStore($serverBusy);
	const [shown, setShown] = useState<PanelCredentials | null>(null);
	// The old password stops working at once (panel and SFTP), so the reset asks first.
	const [asking, setAsking] = useState(false);
	const reset = () => {
		setAsking(false);
		void resetPassword(props.locale).then((answer) => setShown(answer?.credentials ?? null));
	};
	if (!server.onPanel) return null;
	return (
		<section className="card flex flex-col gap-4" aria-labelledby="panel-access">
			<h2 id="panel-access" className="text-lg font-bold text-white">
				{t('servers.access')}
			</h2>
			<div className="flex flex-wrap gap-3">
				{server.panelUrl && (
					<a
						className="btn btn-secondary"
						href={server.panelUrl}
						target="_blank"
						rel="noopener noreferrer"
					>
						{t('servers.goToPanel')}
					</a>
				)}
				<button
					type="button"
					className={asking ? 'btn btn-primary' : 'btn btn-secondary'}
					disabled={busy !== null}
					aria-describedby={asking ? 'reset-confirm' : undefined}
					onClick={asking ? reset : () => setAsking(true)}
				>
					{t(asking ? 'servers.resetPassword.confirm' : 'servers.resetPassword')}
				</button>
				{asking && (
					<button type="button" className="btn btn-secondary" onClick={() => setAsking(false)}>
						{t('servers.resetPassword.cancel')}
					</button>
				)}
			</div>
			{asking && (
				<p id="reset-confirm" className="text-neutral-100" data-reset-confirm>
					{t('servers.resetPassword.confirmText')}
				</p>
			)}
			{shown && (
				<div className="rounded-lg bg-white/5 p-4" data-credentials>
					<p className="text-amber-100">{t('servers.passwordOnce')}</p>
					<dl className="mt-3 grid gap-2 sm:grid-cols-[10rem_1fr]">
						{(
							[
								['servers.username', shown.username, 'username'],
								['servers.password', shown.password, 'password'],
								['gameFiles.sftp.address', shown.sftp.host, 'sftp-host'],
								['gameFiles.sftp.port', String(shown.sftp.port), 'sftp-port'],
								['gameFiles.sftp.user', shown.sftp.username, 'sftp-user'],
							] as const
						).map(([label, value, name]) => (
							<div key={name} className="contents">
								<dt className="text-neutral-300">{t(label)}</dt>
								<dd className="flex flex-wrap items-center gap-2">
									<span
										className="font-mono break-all text-white"
										data-new-password={name === 'password' ? '' : undefined}
										data-credential={name}
									>
										{value}
									</span>
									<CopyButton
										text={value}
										what={t(label)}
										copy={t('gameFiles.copy')}
										copied={t('gameFiles.copied')}
									/>
								</dd>
							</div>
						))}
					</dl>
				</div>
			)}
		</section>
	);
}
