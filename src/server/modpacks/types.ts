import type { ModpackLoader } from '../../lib/domain/minecraft-software';
import type { ModpackPlan } from '../../lib/modpacks/plan';
import type { ModpackSummaryView, ModpackVersionView } from '../../lib/modpacks/views';

// The modpack source port: where the shop finds packs and resolves one version into what the game
// panel installs. index.ts picks the implementation (Modrinth when MODPACK_SOURCE=modrinth, else
// the embedded catalogue); callers never name one. Every method rejects with errors.ts's classes.

/**
 * A pack as the installer's search lists it (`GET /api/modpacks`): the browser's view, whose
 * `id` is Modrinth's project id (8 characters, stable; slugs change).
 */
export type ModpackSummary = ModpackSummaryView;

/** One installable version (`GET /api/modpacks/{id}/versions`), newest first. */
export interface ModpackVersion extends ModpackVersionView {
	/** False when the version has no `.mrpack` a dedicated server can install. */
	serverPack: boolean;
	publishedAt: string;
}

export interface ModpackSearch {
	/** Empty lists the most downloaded packs. */
	query: string;
	loader?: ModpackLoader;
	gameVersion?: string;
	/** 1 to 50; 20 when omitted. */
	limit?: number;
}

export interface ModpackSource {
	readonly kind: 'modrinth' | 'embedded';
	search(search: ModpackSearch): Promise<ModpackSummary[]>;
	/** The pack, or null when there is none with that id or it is not a modpack (a mod, a shader). */
	project(id: string): Promise<ModpackSummary | null>;
	versions(
		projectId: string,
		filter: { loader?: ModpackLoader; gameVersion?: string },
	): Promise<ModpackVersion[]>;
	/**
	 * The version as an install plan: its `.mrpack` read and checked (safe paths, both hashes,
	 * server-side files only, exactly one supported loader). Rejects with ModpackRefusedError
	 * (`not_found`, `not_modpack`, `no_server_pack`, `unsupported_loader`, `bad_pack`).
	 */
	resolve(projectId: string, versionId: string): Promise<ModpackPlan>;
}
