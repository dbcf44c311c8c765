import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { hasEnded } from '../../../lib/domain/service-status';
import { routes } from '../../../lib/routes';
import { $server, $serverNotice, followLive, loadServer } from '../../../stores/game-server';
import { followInstall, installsFor } from '../../../stores/software-install';
import { panelTools, type PanelProps } from '../shared/context';
import { LoadedView } from '../shared/LoadedView';
import { ActivityList } from './ActivityList';
import { CancellationNotice } from './CancellationNotice';
import { MinecraftSoftware } from './MinecraftSoftware';
import { MoneyBack } from './MoneyBack';
import { PanelAccess } from './PanelAccess';
import { PauseNotice } from './PauseNotice';
import { PowerControls } from './PowerControls';
import { ServerActions } from './ServerActions';
import { ServerFacts } from './ServerFacts';
import { ServerInvoices } from './ServerInvoices';
import { ServerSettingsForm } from './ServerSettingsForm';
import { SubdomainForm } from './SubdomainForm';
import { StaffSuspensionNotice } from './StaffSuspensionNotice';
import { SuspensionNotice } from './SuspensionNotice';

interface Props extends PanelProps {
	serverId: string;
	/** Back from paying a pause fee. */
	pausePaid?: boolean;
}

/** /panel/game-servers/servers/{id}: one server, run from here. */
export default function ServerDetail(props: Props) {
	const tools = panelTools(props);
	const { t } = tools;
	const loaded = useStore($server);
	const notice = useStore($serverNotice);
	const load = () => {
		installsFor(props.serverId, t('panel.error.generic'));
		void loadServer(props.serverId, t('panel.error.generic'));
	};
	useEffect(load, [props.serverId]);
	useEffect(() => (loaded.state === 'ready' ? followLive() : undefined), [loaded.state]);
	// A Minecraft server's software change is followed until it is installed or failed.
	useEffect(() => followInstall(), []);
	return (
		<LoadedView
			loaded={loaded}
			back={{ href: routes.servers, label: t('servers.back') }}
			lines={12}
			minHeight="48rem"
			retry={load}
			tools={tools}
		>
			{(server) => {
				const running = !hasEnded(server.status);
				return (
					<article className="flex flex-col gap-6" data-server-detail={server.id}>
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
						<SuspensionNotice server={server} tools={tools} />
						<StaffSuspensionNotice server={server} tools={tools} />
						<CancellationNotice server={server} locale={props.locale} tools={tools} />
						<PauseNotice
							server={server}
							locale={props.locale}
							tools={tools}
							paid={props.pausePaid ?? false}
						/>
						<PowerControls server={server} locale={props.locale} tools={tools} />
						<ServerFacts server={server} tools={tools} />
						{running && (
							<MinecraftSoftware
								server={server}
								locale={props.locale}
								prefix={props.prefix}
								tools={tools}
							/>
						)}
						<ServerActions server={server} tools={tools} />
						<MoneyBack
							serviceId={server.id}
							offer={running ? server.moneyBack : null}
							tools={tools}
							locale={props.locale}
							reload={() => loadServer(props.serverId, t('panel.error.generic'))}
						/>
						{running && <PanelAccess server={server} locale={props.locale} tools={tools} />}
						{running && server.extras.subdomainExtra && (
							<SubdomainForm server={server} locale={props.locale} tools={tools} />
						)}
						{running && <ServerSettingsForm server={server} locale={props.locale} tools={tools} />}
						<ActivityList activity={server.activity} tools={tools} />
						<ServerInvoices invoices={server.invoices} tools={tools} />
					</article>
				);
			}}
		</LoadedView>
	);
}
