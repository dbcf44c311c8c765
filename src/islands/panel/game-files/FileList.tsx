import type { FileList as Folder } from '../../../lib/game-tools/types';
import type { PanelTools } from '../shared/context';
import { FileRow } from './FileRow';

/** The folder's entries, folders first. */
export function FileList(props: { folder: Folder; tools: PanelTools }) {
	const { t } = props.tools;
	return (
		<div className="card">
			{props.folder.files.length === 0 ? (
				<p className="text-neutral-200">{t('gameFiles.empty')}</p>
			) : (
				<ul className="flex flex-col" aria-label={t('gameFiles.title')}>
					{props.folder.files.map((entry) => (
						<FileRow key={entry.name} entry={entry} dir={props.folder.dir} tools={props.tools} />
					))}
				</ul>
			)}
		</div>
	);
}
