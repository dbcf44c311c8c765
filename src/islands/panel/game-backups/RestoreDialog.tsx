import { useStore } from '@nanostores/react';
import { useEffect, useId, useRef, useState } from 'react';
import { fill } from '../../../lib/fill';
import { formatMoment } from '../../../lib/format-date';
import type { BackupView } from '../../../lib/game-tools/types';
import { $backupsBusy, restoreBackup } from '../../../stores/game-backups';
import type { PanelTools } from '../shared/context';

/**
 * Asks before a restore: the server stops and its files are replaced; optionally every file is
 * deleted first. Focus moves into it, so a keyboard or screen reader user hears what it says.
 */
export function RestoreDialog(props: {
	backup: BackupView;
	locale: string;
	tools: PanelTools;
	close: () => void;
}) {
	const { backup, tools, close } = props;
	const { t, intl } = tools;
	const busy = useStore($backupsBusy);
	const [truncate, setTruncate] = useState(false);
	const id = useId();
	const heading = useRef<HTMLHeadingElement>(null);
	useEffect(() => heading.current?.focus(), []);
	return (
		<div
			role="dialog"
			aria-labelledby={`${id}-title`}
			aria-describedby={`${id}-warning`}
			className="rounded-lg border border-amber-300/40 bg-white/5 p-4"
			data-restore-dialog
		>
			<h4 id={`${id}-title`} ref={heading} tabIndex={-1} className="font-semibold text-white">
				{fill(t('gameBackups.restore.title'), { name: backup.name })}
			</h4>
			<p id={`${id}-warning`} className="mt-2 text-amber-100">
				{fill(t('gameBackups.restore.warning'), { date: formatMoment(backup.createdAt, intl) })}
			</p>
			<label className="mt-3 flex items-start gap-2 text-neutral-100">
				<input
					type="checkbox"
					className="mt-1"
					checked={truncate}
					onChange={(event) => setTruncate(event.target.checked)}
					data-restore-truncate
				/>
				<span>{t('gameBackups.restore.truncate')}</span>
			</label>
			<div className="mt-3 flex flex-wrap gap-2">
				<button
					type="button"
					className="btn btn-primary"
					disabled={busy !== null}
					onClick={() => {
						close();
						void restoreBackup(backup.id, truncate, props.locale, t('gameBackups.restore.done'));
					}}
					data-restore-confirm
				>
					{t('gameBackups.restore.confirm')}
				</button>
				<button type="button" className="btn btn-secondary" onClick={close}>
					{t('gameBackups.restore.cancel')}
				</button>
			</div>
		</div>
	);
}
