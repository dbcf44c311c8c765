import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $backupsBusy, createBackup } from '../../../stores/game-backups';
import type { PanelTools } from '../shared/context';

/** "Back up now", with an optional name. */
export function CreateBackup(props: { locale: string; tools: PanelTools }) {
	const { t } = props.tools;
	const busy = useStore($backupsBusy);
	const [name, setName] = useState('');
	return (
		<form
			className="card flex flex-wrap items-end gap-3"
			onSubmit={(event) => {
				event.preventDefault();
				void createBackup(name, props.locale, t('gameBackups.create.done')).then((made) => {
					if (made) setName('');
				});
			}}
		>
			<label className="flex min-w-0 flex-1 basis-48 flex-col gap-1">
				<span className="text-neutral-200">{t('gameBackups.create.name')}</span>
				<input
					className="rounded-lg border border-neutral-600 bg-neutral-900 px-3 py-2 text-neutral-100"
					name="name"
					maxLength={191}
					value={name}
					onChange={(event) => setName(event.target.value)}
				/>
			</label>
			<button type="submit" className="btn btn-primary" disabled={busy !== null} data-backup-create>
				{t('gameBackups.create.submit')}
			</button>
		</form>
	);
}
