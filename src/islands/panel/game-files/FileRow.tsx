import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { fill } from '../../../lib/fill';
import { formatMoment } from '../../../lib/format-date';
import { joinPath } from '../../../lib/game-tools/paths';
import type { FileView } from '../../../lib/game-tools/types';
import { formatBytes } from '../../../lib/vps/metrics-summary';
import {
	$filesBusy,
	deleteEntry,
	downloadFile,
	openDir,
	openFile,
	renameEntry,
} from '../../../stores/game-files';
import type { PanelTools } from '../shared/context';

const field = 'rounded-lg border border-neutral-600 bg-neutral-900 px-3 py-2 text-neutral-100';

/** One file or folder: open it, download, rename or delete it (delete asks first). */
export function FileRow(props: { entry: FileView; dir: string; tools: PanelTools }) {
	const { entry, tools } = props;
	const { t, intl } = tools;
	const busy = useStore($filesBusy);
	const [mode, setMode] = useState<'rename' | 'delete' | null>(null);
	const [to, setTo] = useState(entry.name);
	const id = useId();
	const size = formatBytes(entry.bytes, intl, 1024);
	const folder = entry.kind === 'folder';
	const open = () =>
		folder
			? void openDir(joinPath(props.dir, entry.name))
			: void openFile(
					entry.name,
					entry.bytes,
					fill(t('gameFiles.tooLarge'), { name: entry.name, size }),
				);
	return (
		<li
			className="flex flex-col gap-2 border-t border-white/5 py-2"
			data-file={entry.name}
			data-kind={entry.kind}
		>
			<div className="flex flex-wrap items-center justify-between gap-2">
				<button
					type="button"
					className="min-w-0 text-left font-mono break-all text-white underline"
					onClick={open}
				>
					<span className="sr-only">{t(`gameFiles.kind.${entry.kind}`)}: </span>
					{folder ? `${entry.name}/` : entry.name}
				</button>
				<span className="text-sm text-neutral-300">
					{folder ? '' : `${size} · `}
					<time dateTime={entry.modifiedAt}>{formatMoment(entry.modifiedAt, intl)}</time>
				</span>
			</div>
			<div className="flex flex-wrap gap-2">
				{!folder && (
					<button
						type="button"
						className="btn btn-secondary px-3 py-1 text-sm"
						onClick={open}
						data-file-edit
					>
						{t('gameFiles.edit')}
					</button>
				)}
				{!folder && (
					<button
						type="button"
						className="btn btn-secondary px-3 py-1 text-sm"
						onClick={() => void downloadFile(entry.name, (url) => window.location.assign(url))}
					>
						{t('gameFiles.download')}
					</button>
				)}
				<button
					type="button"
					className="btn btn-secondary px-3 py-1 text-sm"
					aria-expanded={mode === 'rename'}
					onClick={() => setMode(mode === 'rename' ? null : 'rename')}
				>
					{t('gameFiles.rename')}
				</button>
				<button
					type="button"
					className="btn btn-secondary px-3 py-1 text-sm"
					aria-expanded={mode === 'delete'}
					onClick={() => setMode(mode === 'delete' ? null : 'delete')}
					data-file-delete
				>
					{t('gameFiles.delete')}
				</button>
			</div>
			{mode === 'rename' && (
				<form
					className="flex flex-wrap items-end gap-2"
					onSubmit={(event) => {
						event.preventDefault();
						void renameEntry(entry.name, to.trim(), {
							done: t('gameFiles.rename.done'),
							invalid: t('gameFiles.name.invalid'),
						}).then((renamed) => renamed && setMode(null));
					}}
				>
					<label htmlFor={id} className="sr-only">
						{fill(t('gameFiles.rename.label'), { name: entry.name })}
					</label>
					<input
						id={id}
						className={`${field} min-w-0 flex-1`}
						value={to}
						maxLength={255}
						onChange={(event) => setTo(event.target.value)}
					/>
					<button
						type="submit"
						className="btn btn-primary px-3 py-1 text-sm"
						disabled={busy !== null}
					>
						{t('gameFiles.rename')}
					</button>
					<button
						type="button"
						className="btn btn-secondary px-3 py-1 text-sm"
						onClick={() => setMode(null)}
					>
						{t('gameFiles.cancel')}
					</button>
				</form>
			)}
			{mode === 'delete' && (
				<div className="rounded-lg bg-white/5 p-3" role="group" aria-label={t('gameFiles.delete')}>
					<p className="text-neutral-100" data-file-delete-confirm>
						{fill(t('gameFiles.delete.confirmText'), { name: entry.name })}
					</p>
					<div className="mt-2 flex flex-wrap gap-2">
						<button
							type="button"
							className="btn btn-primary px-3 py-1 text-sm"
							disabled={busy !== null}
							onClick={() => {
								setMode(null);
								void deleteEntry(entry.name, t('gameFiles.delete.done'));
							}}
						>
							{t('gameFiles.delete.confirm')}
						</button>
						<button
							type="button"
							className="btn btn-secondary px-3 py-1 text-sm"
							onClick={() => setMode(null)}
						>
							{t('gameFiles.cancel')}
						</button>
					</div>
				</div>
			)}
		</li>
	);
}
