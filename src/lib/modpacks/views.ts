import type { MinecraftSoftware, ModpackLoader } from '../domain/minecraft-software';

// The JSON the modpack and software endpoints answer and the panel's islands render
// (docs/panel.md, "Modpacks and server software"). Browser code cannot reach src/server, so the
// shapes it reads live here.

/** One pack in `GET /api/modpacks` (`{ modpacks }`). */
export interface ModpackSummaryView {
	id: string;
	name: string;
	author: string;
	summary: string;
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
	recommendedRamGb: number | null;
	/** False when the version has nothing a dedicated server can install (absent: installable). */
	serverPack?: boolean;
}

/** One entry of the operator's catalogue, `GET /api/minecraft/software` (`{ software }`). */
export interface SoftwareChoice {
	id: MinecraftSoftware;
	name: string;
	/** Newest first. */
	versions: string[];
	defaultVersion: string;
}

export const installSteps = ['backup', 'stopping', 'installing', 'starting'] as const;
export type InstallStep = (typeof installSteps)[number];

/** The latest software change of a server: a software, a pack, or a pack's removal. */
export interface InstallView {
	id: string;
	kind: 'software' | 'modpack' | 'modpack_removal';
	status: 'installing' | 'installed' | 'failed';
	step: InstallStep | null;
	/** What is installed, in words: "Fabulously Optimized 6.1.0", "Paper 1.21.4". */
	target: string;
	startedAt: string;
	finishedAt: string | null;
	/** Why it failed, in the customer's language. */
	error: string | null;
	/** The backup made before it was put back after a failure. */
	restoredBackup: boolean;
}

export interface InstalledModpack {
	projectId: string;
	versionId: string;
	name: string;
	version: string;
	loader: ModpackLoader;
	gameVersion: string;
}

/** What `GET /api/panel/servers/{id}` adds for a Minecraft server. */
export interface MinecraftFields {
	/** Null: the plan's default, not chosen here. */
	software: { software: MinecraftSoftware; minecraftVersion: string } | null;
	modpack: InstalledModpack | null;
	install: InstallView | null;
	/** Whether the modpack installation extra is bought. */
	modpackExtra: boolean;
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
