import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { plural } from '../../../lib/fill';
import { crumbsOf } from '../../../lib/game-tools/paths';
import { $filesBusy, createFolder, openDir, uploadFiles } from '../../../stores/game-files';
import type { PanelTools } from '../shared/context';

const field = 'rounded-lg border border-neutral-600 bg-neutral-900 px-3 py-2 text-neutral-100';

/** Where the list is (breadcrumbs back up), a new folder, and files uploaded into it. */
export function FolderTools(props: { dir: string; tools: PanelTools }) {
	const { t } = props.tools;
	const busy = useStore($filesBusy);
	const [name, setName] = useState('');
	const id = useId();
	const crumbs = crumbsOf(props.dir);
	return (
		<div className="flex flex-col gap-4">
			<nav aria-label={t('gameFiles.crumbs')} data-file-crumbs>
				<ol className="flex flex-wrap items-center gap-1 font-mono text-sm">
					{crumbs.map((crumb, i) => (
						<li key={crumb.path} className="flex items-center gap-1">
							{i > 0 && <span aria-hidden="true">/</span>}
							{i === crumbs.length - 1 ? (
								<span aria-current="location" className="text-white">
									{i === 0 ? t('gameFiles.root') : crumb.name}
								</span>
							) : (
								<button
									type="button"
									className="underline"
									onClick={() => void openDir(crumb.path)}
								>
									{i === 0 ? t('gameFiles.root') : crumb.name}
								</button>
							)}
						</li>
					))}
				</ol>
			</nav>
			<div className="flex flex-wrap items-end gap-4">
				<form
					className="flex min-w-0 flex-1 basis-56 flex-wrap items-end gap-2"
					onSubmit={(event) => {
						event.preventDefault();
						void createFolder(name.trim(), {
							done: t('gameFiles.newFolder.done'),
							invalid: t('gameFiles.name.invalid'),
						}).then((made) => made && setName(''));
					}}
				>
					<label className="flex min-w-0 flex-1 basis-40 flex-col gap-1">
						<span className="text-sm text-neutral-300">{t('gameFiles.newFolder.label')}</span>
						<input
							className={field}
							value={name}
							maxLength={255}
							onChange={(event) => setName(event.target.value)}
							data-new-folder
						/>
					</label>
					<button type="submit" className="btn btn-secondary" disabled={busy !== null}>
						{t('gameFiles.newFolder.submit')}
					</button>
				</form>
				<div className="flex flex-col gap-1">
					<label htmlFor={id} className="text-sm text-neutral-300">
						{t('gameFiles.upload')}
					</label>
					<input
						id={id}
						type="file"
						multiple
						className="max-w-full text-sm text-neutral-200"
						disabled={busy !== null}
						onChange={(event) => {
							const files = [...(event.target.files ?? [])];
							event.target.value = '';
							void uploadFiles(files, {
								done: (count) =>
									plural(t('gameFiles.upload.done_one'), t('gameFiles.upload.done_other'), count),
								failed: t('gameFiles.upload.failed'),
							});
						}}
						data-file-upload
					/>
				</div>
			</div>
		</div>
	);
}
