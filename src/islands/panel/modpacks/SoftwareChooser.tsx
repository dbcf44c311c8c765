import { useStore } from '@nanostores/react';
import { useEffect, useId, useState } from 'react';
import type { ServerSoftware, SoftwareCatalogueAnswer } from '../../../lib/panel/types';
import {
	$softwareDraft,
	chooseSoftware,
	startingDraft,
	unchanged,
} from '../../../stores/minecraft-software';
import { $installBusy, changeSoftware } from '../../../stores/software-install';
import type { PanelTools } from '../shared/context';
import { ConfirmInstall } from './ConfirmInstall';
import { runningText } from './running';

const field = 'rounded-lg border border-neutral-600 bg-neutral-900 px-3 py-2 text-neutral-100';

/** What the server runs, and another software and Minecraft version from the operator's list. */
export function SoftwareChooser(props: {
	catalogue: SoftwareCatalogueAnswer['software'];
	minecraft: ServerSoftware;
	installing: boolean;
	locale: string;
	tools: PanelTools;
}) {
	const { catalogue, minecraft, tools } = props;
	const { t } = tools;
	const draft = useStore($softwareDraft);
	const busy = useStore($installBusy);
	const [asking, setAsking] = useState(false);
	const ids = { software: useId(), version: useId() };
	useEffect(() => $softwareDraft.set(startingDraft(catalogue, minecraft.software)), [catalogue]);
	const entry = catalogue.find((candidate) => candidate.id === draft.software);
	const same = !minecraft.modpack && unchanged(draft, minecraft.software);
	const target = entry ? `${entry.name} ${draft.minecraftVersion}` : '';
	return (
		<section className="card flex flex-col gap-4" aria-labelledby="software-title" data-software>
			<h2 id="software-title" className="text-lg font-bold text-white">
				{t('modpacks.software.title')}
			</h2>
			<p className="text-neutral-200">{t('modpacks.software.intro')}</p>
			<p className="text-neutral-100">
				{t('modpacks.software.current')}:{' '}
				<strong data-software-current>{runningText(minecraft, t)}</strong>
			</p>
			<div className="flex flex-wrap gap-4">
				<div className="flex flex-col gap-1">
					<label htmlFor={ids.software} className="text-sm text-neutral-300">
						{t('modpacks.software.label')}
					</label>
					<select
						id={ids.software}
						className={field}
						value={draft.software}
						onChange={(event) => chooseSoftware(catalogue, event.target.value)}
						data-software-choice
					>
						{catalogue.map((choice) => (
							<option key={choice.id} value={choice.id}>
								{choice.name}
							</option>
						))}
					</select>
				</div>
				<div className="flex flex-col gap-1">
					<label htmlFor={ids.version} className="text-sm text-neutral-300">
						{t('modpacks.software.version')}
					</label>
					<select
						id={ids.version}
						className={field}
						value={draft.minecraftVersion}
						onChange={(event) => $softwareDraft.setKey('minecraftVersion', event.target.value)}
						data-software-version
					>
						{(entry?.versions ?? []).map((version) => (
							<option key={version} value={version}>
								{version}
							</option>
						))}
					</select>
				</div>
			</div>
			<label className="flex items-start gap-2 text-neutral-100">
				<input
					type="checkbox"
					className="mt-1 accent-primary-400"
					checked={draft.freshWorld}
					onChange={(event) => $softwareDraft.setKey('freshWorld', event.target.checked)}
					data-software-fresh
				/>
				<span>
					{t('modpacks.freshWorld')}
					<span className="block text-sm text-neutral-300">{t('modpacks.freshWorldHint')}</span>
				</span>
			</label>
			{same && <p className="text-sm text-neutral-300">{t('modpacks.software.unchanged')}</p>}
			{asking ? (
				<ConfirmInstall
					target={target}
					kind="software"
					freshWorld={draft.freshWorld}
					tools={tools}
					close={() => setAsking(false)}
					confirm={() => {
						setAsking(false);
						if (!entry) return;
						void changeSoftware(
							{
								software: entry.id,
								minecraftVersion: draft.minecraftVersion,
								freshWorld: draft.freshWorld,
							},
							props.locale,
						);
					}}
				/>
			) : (
				<button
					type="button"
					className="btn btn-primary self-start"
					disabled={!entry || same || props.installing || busy !== null}
					onClick={() => setAsking(true)}
					data-software-submit
				>
					{t('modpacks.software.submit')}
				</button>
			)}
		</section>
	);
}
