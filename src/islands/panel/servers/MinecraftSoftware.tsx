import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { fill } from '../../../lib/fill';
import type { ModpackVersionView } from '../../../lib/modpacks/views';
import type { ServerDetail } from '../../../lib/panel/types';
import { routes } from '../../../lib/routes';
import {
	$installBusy,
	findUpdate,
	installModpack,
	minecraftOf,
	removeModpack,
} from '../../../stores/software-install';
import { ConfirmInstall } from '../modpacks/ConfirmInstall';
import { InstallNotice } from '../modpacks/InstallNotice';
import { InstallProgress } from '../modpacks/InstallProgress';
import { packVersion, runningText } from '../modpacks/running';
import type { PanelTools } from '../shared/context';
import { RemovePack } from './RemovePack';

/**
 * A Minecraft server's software on its page: the pack and version installed (or the software and
 * Minecraft version), an install under way, "Update to the newest version" and "Remove pack",
 * each asked first, and the way to the Modpacks tab for anything else.
 */
export function MinecraftSoftware(props: {
	server: ServerDetail;
	locale: string;
	prefix: string;
	tools: PanelTools;
}) {
	const { server, tools } = props;
	const { t, path } = tools;
	const busy = useStore($installBusy);
	const [asking, setAsking] = useState<ModpackVersionView | 'remove' | null>(null);
	const minecraft = minecraftOf(server);
	if (!minecraft) return null;
	const { modpack, install } = minecraft;
	const idle = busy === null && install?.status !== 'installing';
	const canChange = server.status === 'active' && idle;
	return (
		<section
			className="card flex flex-col gap-3"
			aria-labelledby="minecraft-software"
			data-minecraft-software
		>
			<h2 id="minecraft-software" className="text-lg font-bold text-white">
				{t('modpacks.server.title')}
			</h2>
			<p className="text-white" data-minecraft-running>
				{runningText(minecraft, t)}
			</p>
			{install && <InstallProgress install={install} tools={tools} />}
			<InstallNotice serverId={server.id} prefix={props.prefix} tools={tools} />
			{asking === 'remove' && modpack && (
				<RemovePack
					name={modpack.name}
					tools={tools}
					close={() => setAsking(null)}
					confirm={() => {
						setAsking(null);
						void removeModpack();
					}}
				/>
			)}
			{asking && asking !== 'remove' && modpack && (
				<ConfirmInstall
					target={packVersion(modpack.name, asking.name)}
					kind="modpack"
					warning={fill(t('modpacks.server.updateFrom'), {
						version: modpack.version,
						gameVersion: asking.gameVersion,
					})}
					tools={tools}
					close={() => setAsking(null)}
					confirm={(freshWorld) => {
						const versionId = asking.id;
						setAsking(null);
						void installModpack(
							{ projectId: modpack.projectId, versionId, freshWorld },
							props.locale,
						);
					}}
				/>
			)}
			<div className="flex flex-wrap gap-3">
				{modpack && !asking && (
					<>
						<button
							type="button"
							className="btn btn-secondary"
							disabled={!canChange}
							onClick={() => {
								const newest = fill(t('modpacks.server.newest'), {
									name: modpack.name,
									version: modpack.version,
								});
								void findUpdate(modpack, newest).then(setAsking);
							}}
							data-modpack-update
						>
							{t(busy === 'update' ? 'modpacks.server.checking' : 'modpacks.server.update')}
						</button>
						<button
							type="button"
							className="btn btn-secondary"
							disabled={!canChange}
							onClick={() => setAsking('remove')}
							data-modpack-remove
						>
							{t('modpacks.server.remove')}
						</button>
					</>
				)}
				<a className="btn btn-secondary" href={path(routes.serverModpacks(server.id))}>
					{t('modpacks.server.manage')}
				</a>
			</div>
		</section>
	);
}
