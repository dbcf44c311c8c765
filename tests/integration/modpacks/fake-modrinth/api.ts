import { newestGameVersionsFirst } from '../../../../src/lib/modpacks/query.ts';
import type { CatalogueProject, CatalogueVersion } from '../../../../src/lib/modpacks/catalogue.ts';
import type { ServedFile } from './packs.ts';

// The JSON the fake answers, shaped as labrinth's v2 models (LegacyProject, LegacyVersion,
// LegacySearchResults): more fields than the adapter reads, some the way Modrinth writes them
// (an empty icon in search, versions oldest first), so the adapter's schemas meet the real shape.

export interface Answer {
	status: number;
	headers?: Record<string, string>;
	/** JSON for objects; a string or bytes as they are; nothing when absent (an empty body). */
	body?: unknown;
}

export const modrinthError = (status: number, error: string, description: string): Answer => ({
	status,
	body: { error, description },
});

const oldestFirst = (versions: Iterable<string>) => newestGameVersionsFirst(versions).reverse();
export const loadersOf = (project: CatalogueProject) => [
	...new Set(project.versions.flatMap((version) => version.loaders)),
];
export const gameVersionsOf = (project: CatalogueProject) =>
	oldestFirst(project.versions.flatMap((version) => version.gameVersions));

export function projectJson(project: CatalogueProject) {
	const oldest = project.versions.at(-1)!.publishedAt;
	return {
		id: project.id,
		slug: project.slug,
		project_type: project.type,
		team: `T${project.id.slice(1)}`,
		title: project.name,
		description: project.summary,
		body: `# ${project.name}\n\n${project.summary}`,
		status: 'approved',
		requested_status: null,
		categories: ['adventure'],
		additional_categories: [],
		client_side: project.serverSide === 'required' ? 'optional' : 'required',
		server_side: project.serverSide,
		game_versions: gameVersionsOf(project),
		loaders: loadersOf(project),
		versions: project.versions.map((version) => version.id).reverse(),
		license: { id: 'LicenseRef-All-Rights-Reserved', name: '', url: null },
		downloads: project.downloads,
		followers: Math.floor(project.downloads / 250),
		icon_url: project.icon,
		published: oldest,
		updated: project.versions[0]!.publishedAt,
		approved: oldest,
		gallery: [],
		donation_urls: [],
		issues_url: null,
		source_url: null,
		wiki_url: null,
		discord_url: null,
		monetization_status: 'monetized',
		thread_id: `H${project.id.slice(1)}`,
		color: 4_321_234,
	};
}

export function hitJson(project: CatalogueProject) {
	return {
		project_id: project.id,
		project_type: project.type,
		slug: project.slug,
		author: project.author,
		title: project.name,
		description: project.summary,
		categories: [...loadersOf(project), 'adventure'],
		display_categories: [...loadersOf(project), 'adventure'],
		versions: gameVersionsOf(project),
		downloads: project.downloads,
		follows: Math.floor(project.downloads / 250),
		icon_url: project.icon ?? '',
		date_created: project.versions.at(-1)!.publishedAt,
		date_modified: project.versions[0]!.publishedAt,
		latest_version: project.versions[0]!.id,
		license: 'LicenseRef-All-Rights-Reserved',
		client_side: project.serverSide === 'required' ? 'optional' : 'required',
		server_side: project.serverSide,
		gallery: [],
		featured_gallery: null,
		color: 4_321_234,
	};
}

export function membersJson(project: CatalogueProject) {
	return [
		{
			team_id: `T${project.id.slice(1)}`,
			user: { id: `U${project.id.slice(1)}`, username: project.author, avatar_url: null },
			role: 'Owner',
			ordering: 0,
			permissions: null,
			accepted: true,
			payouts_split: null,
		},
	];
}

export function versionJson(
	project: CatalogueProject,
	version: CatalogueVersion,
	file: ServedFile,
	url: string,
	changelog: boolean,
) {
	return {
		id: version.id,
		project_id: project.id,
		author_id: `U${project.id.slice(1)}`,
		featured: version === project.versions[0],
		name: version.name,
		version_number: version.versionNumber,
		...(changelog ? { changelog: `Changes in ${version.versionNumber}.` } : {}),
		changelog_url: null,
		date_published: version.publishedAt.replace('Z', '.000000Z'),
		downloads: 1000,
		version_type: 'release',
		status: 'listed',
		requested_status: null,
		files: [
			{
				hashes: file.hashes,
				url,
				filename: file.filename,
				primary: true,
				size: file.size,
				file_type: null,
			},
		],
		dependencies: [],
		game_versions: version.gameVersions,
		loaders: version.loaders,
	};
}
