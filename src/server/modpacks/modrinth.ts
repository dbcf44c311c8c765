import { z } from 'zod';
import {
	gameVersionSchema,
	modpackIdSchema,
	newestGameVersionsFirst,
} from '../../lib/modpacks/query';
import type { ModrinthConfig } from './config';
import { ModpackRefusedError } from './errors';
import { CallBudget, type BudgetOptions } from './modrinth-budget';
import { createModrinthHttp } from './modrinth-http';
import { installPlan } from './modrinth-pack';
import {
	membersSchema,
	primaryPack,
	projectSchema,
	searchResultSchema,
	versionSchema,
	type Project,
	type SearchHit,
} from './modrinth-schemas';
import { installableLoaders, matchesFilter, newestFirst, searchLimit, versionView } from './shared';
import type { ModpackSource, ModpackSummary, ModpackVersion } from './types';

// The Modrinth adapter (API v2): search with modpack facets, a project and its versions filtered
// by loader and game version, and a version resolved by downloading its primary `.mrpack`,
// checking it against the hashes Modrinth lists and reading it with the `.mrpack` rules.
// Modrinth publishes no recommended RAM, so versions say null.

const httpsOrNull = (url: string | null | undefined) =>
	url && URL.canParse(url) && new URL(url).protocol === 'https:' ? url : null;

function fromHit(hit: SearchHit): ModpackSummary {
	return {
		id: hit.project_id,
		name: hit.title,
		author: hit.author,
		summary: hit.description,
		icon: httpsOrNull(hit.icon_url),
		downloads: hit.downloads,
		loaders: installableLoaders(hit.categories),
		gameVersions: newestGameVersionsFirst(hit.versions),
	};
}

export function createModrinthSource(
	config: ModrinthConfig,
	options: { budget?: BudgetOptions } = {},
): ModpackSource {
	const http = createModrinthHttp(config, new CallBudget(options.budget));
	const api = new URL(config.apiUrl);
	// Modrinth's files come from its https CDN; a local fake API serves them itself.
	const fetchable = (url: string) =>
		URL.canParse(url) && (new URL(url).protocol === 'https:' || new URL(url).origin === api.origin);

	const project = (id: string) =>
		modpackIdSchema.safeParse(id).success
			? http.getJson(`/project/${id}`, {}, projectSchema)
			: Promise.resolve(null);

	async function modpack(id: string): Promise<Project> {
		const found = await project(id);
		if (!found) throw new ModpackRefusedError('not_found', `no project ${id}`);
		if (found.project_type !== 'modpack')
			throw new ModpackRefusedError('not_modpack', `${id} is a ${found.project_type}`);
		return found;
	}

	return {
		kind: 'modrinth',
		async search(search) {
			const facets = [['project_type:modpack']];
			if (search.loader) facets.push([`categories:${search.loader}`]);
			if (search.gameVersion) {
				if (!gameVersionSchema.safeParse(search.gameVersion).success) return [];
				facets.push([`versions:${search.gameVersion}`]);
			}
			const query = search.query.trim();
			const result = await http.getJson(
				'/search',
				{
					...(query ? { query } : {}),
					facets: JSON.stringify(facets),
					index: query ? 'relevance' : 'downloads',
					limit: String(searchLimit(search)),
				},
				searchResultSchema,
			);
			return (result?.hits ?? []).filter((hit) => hit.project_type === 'modpack').map(fromHit);
		},

		async project(id) {
			const found = await project(id);
			if (found?.project_type !== 'modpack') return null;
			const members = await http.getJson(`/project/${id}/members`, {}, membersSchema);
			const owner = members?.find((m) => m.role === 'Owner') ?? members?.[0];
			return {
				id: found.id,
				name: found.title,
				author: owner?.user.username ?? '',
				summary: found.description,
				icon: httpsOrNull(found.icon_url),
				downloads: found.downloads,
				loaders: installableLoaders(found.loaders),
				gameVersions: newestGameVersionsFirst(found.game_versions),
			};
		},

		async versions(projectId, filter) {
			const found = await modpack(projectId);
			if (filter.gameVersion && !gameVersionSchema.safeParse(filter.gameVersion).success) return [];
			// Labrinth ignores a filter it cannot read, so each is sent well formed and checked again.
			const listed = await http.getJson(
				`/project/${found.id}/version`,
				{
					...(filter.loader ? { loaders: JSON.stringify([filter.loader]) } : {}),
					...(filter.gameVersion ? { game_versions: JSON.stringify([filter.gameVersion]) } : {}),
					include_changelog: 'false',
				},
				z.array(versionSchema),
			);
			const views = (listed ?? [])
				.map((v) => ({ ...v, gameVersions: v.game_versions, publishedAt: v.date_published }))
				.filter((version) => matchesFilter(version, filter))
				.map((version) =>
					versionView(version, {
						serverPack: found.server_side !== 'unsupported' && primaryPack(version) !== null,
						recommendedRamGb: null,
						loader: filter.loader,
						gameVersion: filter.gameVersion,
					}),
				)
				.filter((view): view is ModpackVersion => view !== null);
			return newestFirst(views);
		},

		async resolve(projectId, versionId) {
			const found = await project(projectId);
			const version = modpackIdSchema.safeParse(versionId).success
				? await http.getJson(`/version/${versionId}`, {}, versionSchema)
				: null;
			if (!found || !version || version.project_id !== found.id)
				throw new ModpackRefusedError('not_found', `no version ${versionId} of ${projectId}`);
			if (found.project_type !== 'modpack')
				throw new ModpackRefusedError('not_modpack', `${projectId} is a ${found.project_type}`);
			return installPlan(http, found, version, fetchable);
		},
	};
}
