import { useStore } from '@nanostores/react';
import { useEffect, useId } from 'react';
import { modpackLoaders } from '../../../lib/domain/minecraft-software';
import { MAX_QUERY_LENGTH } from '../../../lib/modpacks/query';
import {
	$chosen,
	$filters,
	$results,
	setFilters,
	startSearch,
} from '../../../stores/modpack-search';
import type { PanelTools } from '../shared/context';
import { ModpackResults } from './ModpackResults';

const field = 'rounded-lg border border-neutral-600 bg-neutral-900 px-3 py-2 text-neutral-100';

/** Packs by name, loader and Minecraft version; an empty search lists the most popular. */
export function ModpackSearch(props: { gameVersions: string[]; tools: PanelTools }) {
	const { tools } = props;
	const { t } = tools;
	const filters = useStore($filters);
	const results = useStore($results);
	const chosen = useStore($chosen);
	const ids = { q: useId(), loader: useId(), version: useId() };
	useEffect(() => void startSearch(t('panel.error.generic')), []);
	if (chosen) return null;
	return (
		<div className="flex flex-col gap-4" data-modpack-search>
			<form
				role="search"
				className="flex flex-wrap items-end gap-4"
				onSubmit={(event) => {
					event.preventDefault();
					setFilters({}, 0);
				}}
			>
				<div className="flex min-w-56 grow flex-col gap-1">
					<label htmlFor={ids.q} className="text-sm text-neutral-300">
						{t('modpacks.search.label')}
					</label>
					<input
						id={ids.q}
						type="search"
						className={field}
						value={filters.q}
						maxLength={MAX_QUERY_LENGTH}
						placeholder={t('modpacks.search.placeholder')}
						onChange={(event) => setFilters({ q: event.target.value })}
						data-modpack-query
					/>
				</div>
				<div className="flex flex-col gap-1">
					<label htmlFor={ids.loader} className="text-sm text-neutral-300">
						{t('modpacks.search.loader')}
					</label>
					<select
						id={ids.loader}
						className={field}
						value={filters.loader}
						onChange={(event) =>
							setFilters(
								{ loader: modpackLoaders.find((loader) => loader === event.target.value) ?? '' },
								0,
							)
						}
					>
						<option value="">{t('modpacks.search.anyLoader')}</option>
						{modpackLoaders.map((loader) => (
							<option key={loader} value={loader}>
								{t(`minecraft.loader.${loader}`)}
							</option>
						))}
					</select>
				</div>
				<div className="flex flex-col gap-1">
					<label htmlFor={ids.version} className="text-sm text-neutral-300">
						{t('modpacks.search.gameVersion')}
					</label>
					<select
						id={ids.version}
						className={field}
						value={filters.gameVersion}
						onChange={(event) => setFilters({ gameVersion: event.target.value }, 0)}
					>
						<option value="">{t('modpacks.search.anyVersion')}</option>
						{props.gameVersions.map((version) => (
							<option key={version} value={version}>
								{version}
							</option>
						))}
					</select>
				</div>
			</form>
			<ModpackResults results={results} popular={!filters.q.trim()} tools={tools} />
		</div>
	);
}
