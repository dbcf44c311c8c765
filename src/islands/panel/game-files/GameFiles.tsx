import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { routes } from '../../../lib/routes';
import { $editor, $files, $filesNotice, loadFiles, openDir } from '../../../stores/game-files';
import { panelTools, type PanelProps } from '../shared/context';
import { LoadedView } from '../shared/LoadedView';
import { FileEditor } from './FileEditor';
import { FileList } from './FileList';
import { FolderTools } from './FolderTools';
import { SftpBox } from './SftpBox';

interface Props extends PanelProps {
	serverId: string;
}

/** /panel/game-servers/servers/{id}/files: browse, edit, upload and download the server's files. */
export default function GameFiles(props: Props) {
	const tools = panelTools(props);
	const { t } = tools;
	const loaded = useStore($files);
	const notice = useStore($filesNotice);
	const editor = useStore($editor);
	useEffect(() => void loadFiles(props.serverId, t('panel.error.generic')), [props.serverId]);
	return (
		<div className="flex flex-col gap-6">
			<LoadedView
				loaded={loaded}
				back={{ href: routes.server(props.serverId), label: t('servers.backToServer') }}
				lines={10}
				minHeight="28rem"
				retry={() => void openDir('/')}
				tools={tools}
			>
				{(folder) => (
					<section className="flex flex-col gap-4" data-game-files={folder.dir}>
						<p className="text-neutral-200">{t('gameFiles.intro')}</p>
						<div className="min-h-6" aria-live="polite">
							{notice && (
								<p
									role={notice.kind === 'error' ? 'alert' : 'status'}
									className={notice.kind === 'error' ? 'text-red-200' : 'text-emerald-200'}
									data-files-notice={notice.kind}
								>
									{notice.text}
								</p>
							)}
						</div>
						{editor && <FileEditor editor={editor} tools={tools} />}
						<FolderTools dir={folder.dir} tools={tools} />
						<FileList folder={folder} tools={tools} />
					</section>
				)}
			</LoadedView>
			<SftpBox serverId={props.serverId} locale={props.locale} tools={tools} />
		</div>
	);
}
