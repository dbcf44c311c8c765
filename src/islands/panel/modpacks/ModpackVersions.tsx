import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { fill } from '../../../lib/fill';
import { findPlan } from '../../../lib/catalogue';
import { ramThatFits, upgradePath } from '../../../lib/minecraft-software/upgrade-link';
import type { ModpackVersionView } from '../../../lib/modpacks/views';
import type { ServerSoftware } from '../../../lib/panel/types';
import { $chosen, $versions, choosePack } from '../../../stores/modpack-search';
import { $installBusy, installModpack } from '../../../stores/software-install';
import type { PanelTools } from '../shared/context';
import { ConfirmInstall } from './ConfirmInstall';
import { packVersion } from './running';

interface Props {
	serverId: string;
	/** The server's plan and RAM: what a pack's recommendation is weighed against. */
	plan: string;
	ramGb: number;
	installed: ServerSoftware['modpack'];
	installing: boolean;
	locale: string;
	tools: PanelTools;
}

/** The chosen pack's versions: Minecraft version, loader, the RAM it recommends, and Install. */
export function ModpackVersions(props: Props) {
	const { tools } = props;
	const { t, path } = tools;
	const pack = useStore($chosen);
	const versions = useStore($versions);
	const busy = useStore($installBusy);
	const [asking, setAsking] = useState<string | null>(null);
	if (!pack) return null;
	const plan = findPlan(props.plan);
	const short = (version: ModpackVersionView) =>
		version.recommendedRamGb !== null && version.recommendedRamGb > props.ramGb;
	/** The RAM warning and the upgrade that fits, or that no size of the plan does. */
	const ramAdvice = (gb: number) => {
		const fits = plan ? ramThatFits(plan, gb) : null;
		return fits === null
			? {
					text: fill(t('software.error.modpack_needs_ram_max'), {
						recommended: gb,
						max: plan?.maxRam ?? props.ramGb,
					}),
					fits,
				}
			: { text: fill(t('modpacks.versions.ramWarning'), { gb, ram: props.ramGb }), fits };
	};
	return (
		<section
			className="flex flex-col gap-3"
			aria-labelledby="modpack-versions"
			data-modpack-versions
		>
			<button
				type="button"
				className="self-start text-primary-200 underline"
				onClick={() => void choosePack(null)}
			>
				← {t('modpacks.versions.back')}
			</button>
			<h3 id="modpack-versions" className="font-semibold text-white">
				{fill(t('modpacks.versions.title'), { name: pack.name })}
			</h3>
			{versions.state === 'loading' && <p className="text-neutral-300">{t('panel.loading')}</p>}
			{versions.state === 'error' && (
				<p role="alert" className="text-red-200">
					{versions.message}
				</p>
			)}
			{versions.state === 'ready' && versions.data.versions.length === 0 && (
				<p className="text-neutral-200">{t('modpacks.versions.empty')}</p>
			)}
			{versions.state === 'ready' && (
				<ul className="flex flex-col">
					{versions.data.versions.map((version) => {
						const target = packVersion(pack.name, version.name);
						const current = props.installed?.versionId === version.id;
						const heading = `modpack-version-${version.id}`;
						return (
							<li
								key={version.id}
								className="flex flex-col gap-2 border-t border-white/5 py-3"
								data-modpack-version={version.id}
							>
								<div className="flex flex-wrap items-baseline justify-between gap-2">
									<h4 id={heading} className="font-semibold break-all text-white">
										{version.name}
									</h4>
									{current && (
										<span className="text-sm text-emerald-200">
											{t('modpacks.versions.installed')}
										</span>
									)}
								</div>
								<p className="flex flex-wrap gap-x-3 text-sm text-neutral-200">
									<span>
										{fill(t('modpacks.versions.minecraft'), { version: version.gameVersion })}
									</span>
									<span>{t(`minecraft.loader.${version.loader}`)}</span>
									<span data-modpack-ram>
										{version.recommendedRamGb === null
											? t('modpacks.versions.noRam')
											: fill(t('modpacks.versions.ram'), { gb: version.recommendedRamGb })}
									</span>
								</p>
								{short(version) && (
									<RamWarning
										advice={ramAdvice(version.recommendedRamGb ?? 0)}
										href={(fits) => path(upgradePath(props.serverId, { ramGb: fits }))}
										label={(fits) => fill(t('modpacks.versions.ramUpgrade'), { gb: fits })}
									/>
								)}
								{version.serverPack === false ? (
									<p className="text-sm text-neutral-300">{t('modpacks.versions.noServerPack')}</p>
								) : short(version) ? null : asking === version.id ? (
									<ConfirmInstall
										target={target}
										kind="modpack"
										tools={tools}
										close={() => setAsking(null)}
										confirm={(freshWorld) => {
											setAsking(null);
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
										onClick={() => setAsking(version.id)}
										data-modpack-install
									>
										{t('modpacks.versions.install')}
									</button>
								)}
							</li>
						);
					})}
				</ul>
			)}
		</section>
	);
}

/** A version's RAM above the server's: why it is not offered, and the upgrade that fits if any. */
function RamWarning(props: {
	advice: { text: string; fits: number | null };
	href: (fits: number) => string;
	label: (fits: number) => string;
}) {
	const { text, fits } = props.advice;
	return (
		<p className="text-sm text-amber-100" data-modpack-ram-warning>
			{text} {fits !== null && <a href={props.href(fits)}>{props.label(fits)}</a>}
		</p>
	);
}
