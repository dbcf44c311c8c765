import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { fill } from '../../../lib/fill';
import { routes } from '../../../lib/routes';
import {
	$backups,
	$backupsNotice,
	followBackups,
	loadBackups,
	usedOf,
} from '../../../stores/game-backups';
import { panelTools, type PanelProps } from '../shared/context';
import { LoadedView } from '../shared/LoadedView';
import { BackupRow } from './BackupRow';
import { CreateBackup } from './CreateBackup';

interface Props extends PanelProps {
	serverId: string;
}

/** /panel/game-servers/servers/{id}/backups: the server's backups, made and restored from here. */
export default function GameBackups(props: Props) {
	const tools = panelTools(props);
	const { t } = tools;
	const loaded = useStore($backups);
	const notice = useStore($backupsNotice);
	const load = () => void loadBackups(props.serverId, t('panel.error.generic'));
	useEffect(load, [props.serverId]);
	useEffect(() => followBackups(), []);
	return (
		<LoadedView
			loaded={loaded}
			back={{ href: routes.server(props.serverId), label: t('servers.backToServer') }}
			lines={8}
			minHeight="28rem"
			retry={load}
			tools={tools}
		>
			{({ backups, limit }) => (
				<section className="flex flex-col gap-6" data-game-backups aria-labelledby="backups-list">
					<p className="text-neutral-200">{t('gameBackups.intro')}</p>
					<div className="min-h-6" aria-live="polite">
						{notice && (
							<p
								role={notice.kind === 'error' ? 'alert' : 'status'}
								className={notice.kind === 'error' ? 'text-red-200' : 'text-emerald-200'}
								data-backups-notice={notice.kind}
							>
								{notice.text}
							</p>
						)}
					</div>
					<CreateBackup locale={props.locale} tools={tools} />
					<div className="card flex flex-col gap-3">
						<div className="flex flex-wrap items-baseline justify-between gap-2">
							<h2 id="backups-list" className="text-lg font-bold text-white">
								{t('gameBackups.list')}
							</h2>
							<p className="text-neutral-200" data-backups-used>
								{fill(t('gameBackups.used'), { count: usedOf(backups), limit })}
							</p>
						</div>
						{backups.length === 0 ? (
							<p className="text-neutral-200">{t('gameBackups.empty')}</p>
						) : (
							<ul className="flex flex-col">
								{backups.map((backup) => (
									<BackupRow key={backup.id} backup={backup} locale={props.locale} tools={tools} />
								))}
							</ul>
						)}
					</div>
				</section>
			)}
		</LoadedView>
	);
}
