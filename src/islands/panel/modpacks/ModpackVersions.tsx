import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { findPlan } from '../../../lib/catalogue';
import { fill } from '../../../lib/fill';
import type { ServerSoftware } from '../../../lib/panel/types';
import { $chosen, $versions, choosePack } from '../../../stores/modpack-search';
import type { PanelTools } from '../shared/context';
import { VersionRow } from './VersionRow';

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

/** The chosen pack's versions, newest first, each with its facts and Install (`VersionRow`). */
export function ModpackVersions(props: Props) {
	const { tools } = props;
	const { t } = tools;
	const pack = useStore($chosen);
	const versions = useStore($versions);
	const [asking, setAsking] = useState<string | null>(null);
	if (!pack) return null;
	const plan = findPlan(props.plan);
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
					{versions.data.versions.map((version) => (
						<VersionRow
							key={version.id}
							pack={pack}
							version={version}
							serverId={props.serverId}
							plan={plan}
							ramGb={props.ramGb}
							current={props.installed?.versionId === version.id}
							installing={props.installing}
							asking={asking === version.id}
							ask={(now) => setAsking(now ? version.id : null)}
							locale={props.locale}
							tools={tools}
						/>
					))}
				</ul>
			)}
		</section>
	);
}
