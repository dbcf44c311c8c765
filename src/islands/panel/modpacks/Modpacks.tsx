import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { routes } from '../../../lib/routes';
import { $server, loadServer } from '../../../stores/game-server';
import {
	$softwareCatalogue,
	gameVersions,
	loadSoftwareCatalogue,
} from '../../../stores/minecraft-software';
import { followInstall, installsFor, minecraftOf } from '../../../stores/software-install';
import { panelTools, type PanelProps } from '../shared/context';
import { LoadedView } from '../shared/LoadedView';
import { ExtraOffer } from './ExtraOffer';
import { InstallNotice } from './InstallNotice';
import { InstallProgress } from './InstallProgress';
import { ModpackSearch } from './ModpackSearch';
import { ModpackVersions } from './ModpackVersions';
import { SoftwareChooser } from './SoftwareChooser';

interface Props extends PanelProps {
	serverId: string;
	/** The modpack extra's monthly price per currency, minor units, from the catalogue. */
	extraPrices: Record<string, number>;
}

/**
 * /panel/game-servers/servers/{id}/modpacks: a Minecraft server's software and version, and with
 * the modpack installation extra its packs (else what the extra delivers and how to add it).
 */
export default function Modpacks(props: Props) {
	const tools = panelTools(props);
	const { t } = tools;
	const loaded = useStore($server);
	const catalogue = useStore($softwareCatalogue);
	const fallback = t('panel.error.generic');
	const load = () => {
		installsFor(props.serverId, fallback);
		void loadServer(props.serverId, fallback);
		void loadSoftwareCatalogue(fallback);
	};
	useEffect(load, [props.serverId]);
	useEffect(() => followInstall(), []);
	return (
		<LoadedView
			loaded={loaded}
			back={{ href: routes.server(props.serverId), label: t('servers.backToServer') }}
			lines={12}
			minHeight="40rem"
			retry={load}
			tools={tools}
		>
			{(server) => {
				const minecraft = minecraftOf(server);
				if (!minecraft)
					return <p className="text-neutral-200">{t('software.error.not_minecraft')}</p>;
				const installing = minecraft.install?.status === 'installing';
				const amount = props.extraPrices[server.subscription.currency];
				return (
					<div className="flex flex-col gap-6" data-modpacks={server.id}>
						<InstallNotice serverId={server.id} prefix={props.prefix} tools={tools} />
						{minecraft.install && <InstallProgress install={minecraft.install} tools={tools} />}
						{catalogue.state === 'ready' ? (
							<SoftwareChooser
								catalogue={catalogue.data.software}
								minecraft={minecraft}
								installing={installing}
								locale={props.locale}
								tools={tools}
							/>
						) : (
							<p
								role={catalogue.state === 'error' ? 'alert' : undefined}
								className="text-neutral-300"
							>
								{catalogue.state === 'error' ? catalogue.message : t('panel.loading')}
							</p>
						)}
						<section className="card flex flex-col gap-4" aria-labelledby="modpacks-title">
							<h2 id="modpacks-title" className="text-lg font-bold text-white">
								{t('modpacks.search.title')}
							</h2>
							{minecraft.modpackExtra ? (
								<>
									<p className="text-neutral-200">{t('modpacks.search.intro')}</p>
									<ModpackSearch
										gameVersions={
											catalogue.state === 'ready' ? gameVersions(catalogue.data.software) : []
										}
										tools={tools}
									/>
									<ModpackVersions
										serverId={server.id}
										plan={server.plan}
										ramGb={server.ramGb}
										installed={minecraft.modpack}
										installing={installing}
										locale={props.locale}
										tools={tools}
									/>
								</>
							) : (
								<ExtraOffer
									serverId={server.id}
									price={
										amount === undefined ? null : { amount, currency: server.subscription.currency }
									}
									active={server.status === 'active'}
									tools={tools}
								/>
							)}
						</section>
					</div>
				);
			}}
		</LoadedView>
	);
}
