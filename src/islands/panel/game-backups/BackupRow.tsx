import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { fill } from '../../../lib/fill';
import { formatMoment } from '../../../lib/format-date';
import type { BackupView } from '../../../lib/game-tools/types';
import { formatBytes } from '../../../lib/vps/metrics-summary';
import {
	$backupsBusy,
	deleteBackup,
	downloadBackup,
	setLocked,
} from '../../../stores/game-backups';
import type { PanelTools } from '../shared/context';
import { RestoreDialog } from './RestoreDialog';

const stateColour = {
	in_progress: 'text-amber-100',
	completed: 'text-emerald-200',
	failed: 'text-red-200',
} as const;

/** One backup: its facts, and lock, download, restore and delete (the last two ask first). */
export function BackupRow(props: { backup: BackupView; locale: string; tools: PanelTools }) {
	const { backup, tools } = props;
	const { t, intl } = tools;
	const busy = useStore($backupsBusy);
	const [asking, setAsking] = useState<'restore' | 'delete' | null>(null);
	const done = backup.state === 'completed';
	const heading = `backup-${backup.id}`;
	return (
		<li
			className="flex flex-col gap-3 border-t border-white/5 py-3"
			data-backup={backup.id}
			data-backup-state={backup.state}
			aria-labelledby={heading}
		>
			<div className="flex flex-wrap items-baseline justify-between gap-2">
				<h3 id={heading} className="font-semibold break-all text-white">
					{backup.name}
				</h3>
				<p className="flex flex-wrap gap-3 text-sm">
					<span className={stateColour[backup.state]}>
						{t(`gameBackups.state.${backup.state}`)}
					</span>
					{backup.locked && (
						<span className="text-sky-200" data-backup-locked>
							{t('gameBackups.locked')}
						</span>
					)}
				</p>
			</div>
			<dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1 text-sm">
				<dt className="text-neutral-300">{t('gameBackups.col.created')}</dt>
				<dd className="text-neutral-100">
					<time dateTime={backup.createdAt}>{formatMoment(backup.createdAt, intl)}</time>
				</dd>
				<dt className="text-neutral-300">{t('gameBackups.col.size')}</dt>
				<dd className="text-neutral-100">{done ? formatBytes(backup.bytes, intl, 1024) : '–'}</dd>
			</dl>
			<div className="flex flex-wrap gap-2">
				<button
					type="button"
					className="btn btn-secondary"
					disabled={busy !== null || backup.state === 'in_progress'}
					onClick={() =>
						void setLocked(
							backup.id,
							!backup.locked,
							props.locale,
							t(backup.locked ? 'gameBackups.unlock.done' : 'gameBackups.lock.done'),
						)
					}
					data-backup-lock={backup.locked ? 'unlock' : 'lock'}
				>
					{t(backup.locked ? 'gameBackups.unlock' : 'gameBackups.lock')}
				</button>
				<button
					type="button"
					className="btn btn-secondary"
					disabled={!done}
					onClick={() => void downloadBackup(backup.id, (url) => window.location.assign(url))}
				>
					{t('gameBackups.download')}
				</button>
				<button
					type="button"
					className="btn btn-secondary"
					disabled={busy !== null || !done}
					aria-expanded={asking === 'restore'}
					onClick={() => setAsking('restore')}
					data-backup-restore
				>
					{t('gameBackups.restore')}
				</button>
				<button
					type="button"
					className="btn btn-secondary"
					disabled={busy !== null || backup.locked}
					aria-expanded={asking === 'delete'}
					onClick={() => setAsking('delete')}
					data-backup-delete
				>
					{t('gameBackups.delete')}
				</button>
			</div>
			{asking === 'restore' && (
				<RestoreDialog
					backup={backup}
					locale={props.locale}
					tools={tools}
					close={() => setAsking(null)}
				/>
			)}
			{asking === 'delete' && (
				<div
					className="rounded-lg bg-white/5 p-4"
					role="group"
					aria-label={t('gameBackups.delete')}
				>
					<p className="text-neutral-100" data-delete-confirm>
						{fill(t('gameBackups.delete.confirmText'), { name: backup.name })}
					</p>
					<div className="mt-3 flex flex-wrap gap-2">
						<button
							type="button"
							className="btn btn-primary"
							disabled={busy !== null}
							onClick={() => {
								setAsking(null);
								void deleteBackup(backup.id, t('gameBackups.delete.done'));
							}}
						>
							{t('gameBackups.delete.confirm')}
						</button>
						<button type="button" className="btn btn-secondary" onClick={() => setAsking(null)}>
							{t('gameBackups.delete.cancel')}
						</button>
					</div>
				</div>
			)}
		</li>
	);
}
