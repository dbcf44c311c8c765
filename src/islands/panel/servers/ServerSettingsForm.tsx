import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import type { ServerDetail } from '../../../lib/panel/types';
import { $serverBusy, saveSettings } from '../../../stores/game-server';
import type { PanelTools } from '../shared/context';

const field = 'rounded-lg border border-neutral-600 bg-neutral-900 px-3 py-2 text-neutral-100';

/** The customer's own name for the server, its daily restart and backup times (UTC), or none. */
export function ServerSettingsForm(props: {
	server: ServerDetail;
	locale: string;
	tools: PanelTools;
}) {
	const { server, tools } = props;
	const { t } = tools;
	const busy = useStore($serverBusy);
	const [label, setLabel] = useState(server.label);
	const [restart, setRestart] = useState(server.dailyRestartAt ?? '');
	const [backup, setBackup] = useState(server.dailyBackupAt ?? '');
	const ids = { label: useId(), restart: useId(), backup: useId(), hint: useId() };
	return (
		<section className="card" aria-labelledby="server-settings">
			<h2 id="server-settings" className="text-lg font-bold text-white">
				{t('servers.settings')}
			</h2>
			<form
				className="mt-3 flex flex-wrap items-end gap-4"
				onSubmit={(event) => {
					event.preventDefault();
					void saveSettings(
						{ label: label.trim(), dailyRestartAt: restart || null, dailyBackupAt: backup || null },
						props.locale,
						t('servers.settingsSaved'),
					);
				}}
			>
				<div className="flex min-w-56 flex-1 flex-col gap-1">
					<label htmlFor={ids.label} className="text-sm text-neutral-300">
						{t('servers.label')}
					</label>
					<input
						id={ids.label}
						name="label"
						value={label}
						maxLength={60}
						onChange={(event) => setLabel(event.target.value)}
						className={field}
					/>
				</div>
				<div className="flex flex-col gap-1">
					<label htmlFor={ids.restart} className="text-sm text-neutral-300">
						{t('servers.dailyRestart')}
					</label>
					<input
						id={ids.restart}
						name="dailyRestartAt"
						type="time"
						step={60}
						value={restart}
						aria-describedby={ids.hint}
						onChange={(event) => setRestart(event.target.value.slice(0, 5))}
						className={field}
					/>
				</div>
				<div className="flex flex-col gap-1">
					<label htmlFor={ids.backup} className="text-sm text-neutral-300">
						{t('servers.dailyBackup')}
					</label>
					<input
						id={ids.backup}
						name="dailyBackupAt"
						type="time"
						step={60}
						value={backup}
						aria-describedby={ids.hint}
						onChange={(event) => setBackup(event.target.value.slice(0, 5))}
						className={field}
					/>
				</div>
				<button type="submit" className="btn btn-primary" disabled={busy !== null}>
					{t('servers.saveSettings')}
				</button>
				<p id={ids.hint} className="basis-full text-sm text-neutral-300">
					{t('servers.dailyRestartHint')} {t('servers.dailyBackupHint')}
				</p>
			</form>
		</section>
	);
}
