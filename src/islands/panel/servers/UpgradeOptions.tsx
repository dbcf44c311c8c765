import { useId } from 'react';
import { extrasForPlan, storageOptions, type Plan } from '../../../lib/catalogue';
import type { ServerDetail } from '../../../lib/panel/types';
import type { UpgradeChoice } from '../../../stores/server-upgrade';
import type { PanelTools } from '../shared/context';

const field = 'rounded-lg border border-neutral-600 bg-neutral-900 px-3 py-2 text-neutral-100';

interface Props {
	server: ServerDetail;
	plan: Plan;
	choice: UpgradeChoice;
	onChange: (choice: UpgradeChoice) => void;
	tools: PanelTools;
}

/** Only sizes at least as big as the server's: an upgrade never makes it smaller. */
export function UpgradeOptions({ server, plan, choice, onChange, tools }: Props) {
	const { t } = tools;
	const ids = { ram: useId(), storage: useId() };
	const rams: number[] = [];
	for (let ram = plan.startingRam; ram <= plan.maxRam; ram += plan.ramStep)
		if (ram >= server.ramGb) rams.push(ram);
	const storages = storageOptions.map((o) => o.gb).filter((gb) => gb >= server.storageGb);
	const modpack = extrasForPlan(plan).some((extra) => extra.id === 'modpackInstallation');
	return (
		<section className="card flex flex-col gap-4" aria-labelledby="upgrade-options">
			<h2 id="upgrade-options" className="text-lg font-bold text-white">
				{t('servers.upgradeChoose')}
			</h2>
			<div className="flex flex-wrap gap-4">
				<div className="flex flex-col gap-1">
					<label htmlFor={ids.ram} className="text-sm text-neutral-300">
						{t('servers.ram')}
					</label>
					<select
						id={ids.ram}
						value={choice.ram}
						onChange={(event) => onChange({ ...choice, ram: Number(event.target.value) })}
						className={field}
					>
						{rams.map((ram) => (
							<option key={ram} value={ram}>
								{ram} GB
							</option>
						))}
					</select>
				</div>
				{plan.product !== 'vps' && (
					<div className="flex flex-col gap-1">
						<label htmlFor={ids.storage} className="text-sm text-neutral-300">
							{t('servers.storage')}
						</label>
						<select
							id={ids.storage}
							value={choice.storageGb ?? server.storageGb}
							onChange={(event) => onChange({ ...choice, storageGb: Number(event.target.value) })}
							className={field}
						>
							{storages.map((gb) => (
								<option key={gb} value={gb}>
									{gb} GB
								</option>
							))}
						</select>
					</div>
				)}
			</div>
			{modpack && !server.extras.modpackInstallation && (
				<label className="flex items-center gap-2 text-neutral-100">
					<input
						type="checkbox"
						className="size-4 accent-primary-400"
						checked={choice.extras.includes('modpackInstallation')}
						onChange={(event) =>
							onChange({
								...choice,
								extras: event.target.checked
									? [...choice.extras, 'modpackInstallation']
									: choice.extras.filter((extra) => extra !== 'modpackInstallation'),
							})
						}
					/>
					{t('servers.extra.modpack')}
				</label>
			)}
		</section>
	);
}
