import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $server, $serverNotice, followLive, loadServer } from '../../../stores/game-server';
import { panelTools, type PanelProps } from '../shared/context';
import { LoadError } from '../shared/LoadError';
import { Skeleton } from '../shared/Skeleton';
import { ActivityList } from './ActivityList';
import { CancellationNotice } from './CancellationNotice';
import { PanelAccess } from './PanelAccess';
import { PowerControls } from './PowerControls';
import { ServerFacts } from './ServerFacts';
import { ServerInvoices } from './ServerInvoices';
import { ServerSettingsForm } from './ServerSettingsForm';

interface Props extends PanelProps {
	serverId: string;
}

/** /panel/game-servers/servers/{id}: one server, run from here. */
export default function ServerDetail(props: Props) {
	const tools = panelTools(props);
	const { t, path } = tools;
	const loaded = useStore($server);
	const notice = useStore($serverNotice);
	const load = () => void loadServer(props.serverId, t('panel.error.generic'));
	useEffect(load, [props.serverId]);
	useEffect(() => (loaded.state === 'ready' ? followLive() : undefined), [loaded.state]);
	const back = (
		<a href={path('/panel/game-servers')} className="self-start">
			← {t('servers.back')}
		</a>
	);
	if (loaded.state === 'loading')
		return (
			<div className="flex min-h-[48rem] flex-col gap-4">
				{back}
				<Skeleton lines={12} label={t('panel.loading')} />
			</div>
		);
	if (loaded.state === 'error')
		return (
			<div className="flex flex-col gap-4">
				{back}
				<LoadError
					message={loaded.message}
					retry={loaded.notFound ? undefined : load}
					retryLabel={t('panel.error.retry')}
				/>
			</div>
		);
	const server = loaded.data;
	const running = !['cancelled', 'terminated'].includes(server.status);
	return (
		<article className="flex flex-col gap-6" data-server-detail={server.id}>
			{back}
			<div className="min-h-6" aria-live="polite">
				{notice && (
					<p
						role={notice.kind === 'error' ? 'alert' : 'status'}
						className={notice.kind === 'error' ? 'text-red-200' : 'text-emerald-200'}
						data-server-notice={notice.kind}
					>
						{notice.text}
					</p>
				)}
			</div>
			<CancellationNotice server={server} locale={props.locale} tools={tools} />
			<PowerControls server={server} locale={props.locale} tools={tools} />
			<ServerFacts server={server} tools={tools} />
			{running && (
				<div className="flex flex-wrap gap-3">
					{server.status === 'active' && (
						<a
							className="btn btn-secondary"
							href={path(`/panel/game-servers/upgrade/${server.id}`)}
						>
							{t('servers.upgrade')}
						</a>
					)}
					{!server.cancelAtPeriodEnd && (
						<a
							className="btn btn-secondary"
							href={path(`/panel/game-servers/servers/${server.id}/cancel`)}
						>
							{t('servers.cancel')}
						</a>
					)}
				</div>
			)}
			{running && <PanelAccess server={server} locale={props.locale} tools={tools} />}
			{running && <ServerSettingsForm server={server} locale={props.locale} tools={tools} />}
			<ActivityList activity={server.activity} tools={tools} />
			<ServerInvoices invoices={server.invoices} tools={tools} />
		</article>
	);
}
