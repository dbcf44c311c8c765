import { modpackLoaders, type ModpackLoader } from '../../lib/domain/minecraft-software';
import type { ModpackSearch, ModpackVersion } from './types';

// What both sources do the same way with what they read: the search's limit, which of a version's
// loaders we install, the game version a version is listed under, the order of versions.

export const MAX_SEARCH_LIMIT = 50;
export const DEFAULT_SEARCH_LIMIT = 20;

/** The search's limit, 1 to 50 (20 when not given). */
export function searchLimit(search: ModpackSearch): number {
	const limit = Math.trunc(search.limit ?? DEFAULT_SEARCH_LIMIT);
	return Math.min(MAX_SEARCH_LIMIT, Math.max(1, Number.isFinite(limit) ? limit : 1));
}

/** Our loaders among the ones a project or version lists (Modrinth names them as we do). */
export function installableLoaders(loaders: readonly string[]): ModpackLoader[] {
	return modpackLoaders.filter((loader) => loaders.includes(loader));
}

/** Whether a version is listed under the wanted loader and game version, when they are given. */
export function matchesFilter(
	version: { loaders: readonly string[]; gameVersions: readonly string[] },
	filter: { loader?: ModpackLoader; gameVersion?: string },
): boolean {
	return (
		(!filter.loader || version.loaders.includes(filter.loader)) &&
		(!filter.gameVersion || version.gameVersions.includes(filter.gameVersion))
	);
}

/**
 * A version as the installer lists it, or null when it runs on no loader we install. A version
 * listed under several loaders or game versions shows the wanted one, else its first.
 */
export function versionView(
	version: {
		id: string;
		name: string;
		loaders: readonly string[];
		gameVersions: readonly string[];
		publishedAt: string;
	},
	facts: {
		serverPack: boolean;
		recommendedRamGb: number | null;
		loader?: ModpackLoader;
		gameVersion?: string;
	},
): ModpackVersion | null {
	const loaders = installableLoaders(version.loaders);
	const loader = facts.loader && loaders.includes(facts.loader) ? facts.loader : loaders[0];
	const gameVersion =
		facts.gameVersion && version.gameVersions.includes(facts.gameVersion)
			? facts.gameVersion
			: version.gameVersions[0];
	if (!loader || !gameVersion) return null;
	return {
		id: version.id,
		name: version.name,
		gameVersion,
		loader,
		recommendedRamGb: facts.recommendedRamGb,
		serverPack: facts.serverPack,
		publishedAt: new Date(version.publishedAt).toISOString(),
	};
}

/** Newest first by publication; equal times keep the source's order. */
export function newestFirst(versions: ModpackVersion[]): ModpackVersion[] {
	return versions
		.map((version, i) => ({ version, i, at: Date.parse(version.publishedAt) }))
		.sort((a, b) => b.at - a.at || a.i - b.i)
		.map(({ version }) => version);
}
