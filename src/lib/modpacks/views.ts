import type { ModpackLoader } from '../domain/minecraft-software';

// The JSON the modpack search answers and the Modpacks tab renders; the modpack source port
// (src/server/modpacks/types.ts) answers in these shapes. What a server runs and its installs are
// src/lib/panel/types.ts's `ServerSoftware`.

/** One pack in `GET /api/modpacks` (`{ modpacks }`). */
export interface ModpackSummaryView {
	id: string;
	name: string;
	author: string;
	summary: string;
	/** HTTPS URL of the pack's icon, or null. */
	icon: string | null;
	downloads: number;
	loaders: ModpackLoader[];
	gameVersions: string[];
}

/** One version in `GET /api/modpacks/{id}/versions` (`{ versions }`), newest first. */
export interface ModpackVersionView {
	id: string;
	name: string;
	gameVersion: string;
	loader: ModpackLoader;
	/** What the pack says it needs, in GB; null when it does not say. */
	recommendedRamGb: number | null;
	/** False when the version has nothing a dedicated server can install (absent: installable). */
	serverPack?: boolean;
}

/**
 * Where pack icons come from: Modrinth's CDN, for the packs Modrinth lists and the embedded
 * catalogue's real ones alike. The Modpacks page's policy allows images from it and no other, so
 * the page shows an icon only from there.
 */
export const modpackIconOrigin = 'https://cdn.modrinth.com';

export function modpackIcon(icon: string | null): string | null {
	if (!icon || !URL.canParse(icon)) return null;
	return new URL(icon).origin === modpackIconOrigin ? icon : null;
}
