import { useStore } from '@nanostores/react';
import type { Plan } from '../../../lib/catalogue';
import { fill } from '../../../lib/fill';
import { ramThatFits, upgradePath } from '../../../lib/minecraft-software/upgrade-link';
import type { ModpackSummaryView, ModpackVersionView } from '../../../lib/modpacks/views';
import { $installBusy, installModpack } from '../../../stores/software-install';
import type { PanelTools } from '../shared/context';
import { ConfirmInstall } from './ConfirmInstall';
import { packVersion } from './running';

interface Props {
	pack: ModpackSummaryView;
	version: ModpackVersionView;
	serverId: string;
	/** The server's plan and RAM: what the version's recommendation is weighed against. */
	plan: Plan | undefined;
	ramGb: number;
	/** The version the server runs now. */
	current: boolean;
	installing: boolean;
	/** Whether this version's install is being asked (one at a time on the page). */
	asking: boolean;
	ask: (asking: boolean) => void;
	locale: string;
	tools: PanelTools;
}

/**
 * One version: its Minecraft version, loader and recommended RAM, and Install (asked first). A
 * version recommending more RAM than the server has offers the upgrade that fits instead, as the
 * server would refuse it; one without server files says so.
 */
export function VersionRow(props: Props) {
	const { pack, version, plan, ramGb, tools } = props;
	const { t, path } = tools;
	const busy = useStore($installBusy);
	const heading = `modpack-version-${version.id}`;
	const needs = version.recommendedRamGb;
	const short = needs !== null && needs > ramGb;
	const fits = short && plan ? ramThatFits(plan, needs) : null;
	return (
		<li
			className="flex flex-col gap-2 border-t border-white/5 py-3"
			data-modpack-version={version.id}
		>
			<div className="flex flex-wrap items-baseline justify-between gap-2">
				<h4 id={heading} className="font-semibold break-all text-white">
					{version.name}
				</h4>
				{props.current && (
					<span className="text-sm text-emerald-200">{t('modpacks.versions.installed')}</span>
				)}
			</div>
			<p className="flex flex-wrap gap-x-3 text-sm text-neutral-200">
				<span>{fill(t('modpacks.versions.minecraft'), { version: version.gameVersion })}</span>
				<span>{t(`minecraft.loader.${version.loader}`)}</span>
				<span data-modpack-ram>
					{needs === null
						? t('modpacks.versions.noRam')
						: fill(t('modpacks.versions.ram'), { gb: needs })}
				</span>
			</p>
			{short && (
				<p className="text-sm text-amber-100" data-modpack-ram-warning>
					{fits === null
						? fill(t('software.error.modpack_needs_ram_max'), {
								recommended: needs,
								max: plan?.maxRam ?? ramGb,
							})
						: fill(t('modpacks.versions.ramWarning'), { gb: needs, ram: ramGb })}{' '}
					{fits !== null && (
						<a href={path(upgradePath(props.serverId, { ramGb: fits }))}>
							{fill(t('modpacks.versions.ramUpgrade'), { gb: fits })}
						</a>
					)}
				</p>
			)}
			{version.serverPack === false ? (
				<p className="text-sm text-neutral-300">{t('modpacks.versions.noServerPack')}</p>
			) : short ? null : props.asking ? (
				<ConfirmInstall
					target={packVersion(pack.name, version.name)}
					kind="modpack"
					tools={tools}
					close={() => props.ask(false)}
					confirm={(freshWorld) => {
						props.ask(false);
						void installModpack(
							{ projectId: pack.id, versionId: version.id, freshWorld },
							props.locale,
						);
					}}
				/>
			) : (
				<button
					type="button"
					className="btn btn-primary self-start"
					disabled={props.installing || busy !== null}
					aria-describedby={heading}
					onClick={() => props.ask(true)}
					data-modpack-install
				>
					{t('modpacks.versions.install')}
				</button>
			)}
		</li>
	);
}
