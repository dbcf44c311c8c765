import shipped from '../../../content/catalogue/modpacks.json';
import {
	catalogueIndex,
	modpackCatalogueSchema,
	type CatalogueProject,
} from '../../lib/modpacks/catalogue';
import { planFromPack } from '../../lib/modpacks/mrpack';
import { newestGameVersionsFirst } from '../../lib/modpacks/query';
import { ModpackRefusedError } from './errors';
import { installableLoaders, matchesFilter, newestFirst, searchLimit, versionView } from './shared';
import type { ModpackSource, ModpackSummary, ModpackVersion } from './types';

// The default modpack source: the catalogue of real packs in content/catalogue/modpacks.json
// (validated at build), answered the way the Modrinth adapter answers, so `npm start` finds and
// installs packs offline. Resolving a version runs its stored `.mrpack` index through the same
// rules as a downloaded one.

function summary(project: CatalogueProject): ModpackSummary {
	return {
		id: project.id,
		name: project.name,
		author: project.author,
		summary: project.summary,
		icon: project.icon,
		downloads: project.downloads,
		loaders: installableLoaders(project.versions.flatMap((v) => v.loaders)),
		gameVersions: newestGameVersionsFirst(project.versions.flatMap((v) => v.gameVersions)),
	};
}

/** `run`'s answer as a promise, its throw as a rejection, as an adapter that calls out answers. */
function settle<T>(run: () => T): Promise<T> {
	return Promise.resolve().then(run);
}

/** The embedded source over `catalogue` (the shipped file when omitted; tests pass their own). */
export function createEmbeddedSource(catalogue?: readonly CatalogueProject[]): ModpackSource {
	let projects = catalogue;
	const all = () => (projects ??= modpackCatalogueSchema.parse(shipped));
	const find = (id: string) => all().find((project) => project.id === id);

	function modpack(id: string): CatalogueProject {
		const project = find(id);
		if (!project) throw new ModpackRefusedError('not_found', `no project ${id}`);
		if (project.type !== 'modpack')
			throw new ModpackRefusedError('not_modpack', `${id} is a ${project.type}`);
		return project;
	}

	return {
		kind: 'embedded',
		search: (search) =>
			settle(() => {
				const words = search.query.trim().toLowerCase();
				return (
					all()
						.filter((project) => project.type === 'modpack')
						.filter((project) =>
							[project.name, project.summary, project.author].some((text) =>
								text.toLowerCase().includes(words),
							),
						)
						// As Modrinth's facets: the project has the loader, and it has the game version.
						.filter((project) =>
							matchesFilter(
								{
									loaders: project.versions.flatMap((v) => v.loaders),
									gameVersions: project.versions.flatMap((v) => v.gameVersions),
								},
								search,
							),
						)
						.sort((a, b) => b.downloads - a.downloads)
						.slice(0, searchLimit(search))
						.map(summary)
				);
			}),
		project: (id) =>
			settle(() => {
				const project = find(id);
				return project?.type === 'modpack' ? summary(project) : null;
			}),
		versions: (projectId, filter) =>
			settle(() => {
				const project = modpack(projectId);
				const views = project.versions
					.filter((version) => matchesFilter(version, filter))
					.map((version) =>
						versionView(version, {
							serverPack: project.serverSide !== 'unsupported' && version.pack !== null,
							recommendedRamGb: project.recommendedRamGb,
							loader: filter.loader,
							gameVersion: filter.gameVersion,
						}),
					)
					.filter((view): view is ModpackVersion => view !== null);
				return newestFirst(views);
			}),
		resolve: (projectId, versionId) =>
			settle(() => {
				const project = find(projectId);
				const version = project?.versions.find((v) => v.id === versionId);
				if (!project || !version)
					throw new ModpackRefusedError('not_found', `no version ${versionId} of ${projectId}`);
				modpack(projectId);
				if (project.serverSide === 'unsupported' || !version.pack)
					throw new ModpackRefusedError('no_server_pack', `${versionId} has no server pack`);
				if (!installableLoaders(version.loaders).length)
					throw new ModpackRefusedError('unsupported_loader', version.loaders.join(', '));
				const index = catalogueIndex(project, version, version.pack);
				const verdict = planFromPack(index, version.pack.entries, {
					projectId,
					versionId,
					name: project.name,
					versionName: version.versionNumber,
					recommendedRamGb: project.recommendedRamGb,
					packUrl: null,
					downloadsRequired: false,
				});
				if (!verdict.ok) throw new ModpackRefusedError(verdict.reason, verdict.detail);
				return verdict.plan;
			}),
	};
}
