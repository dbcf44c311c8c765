import { z } from 'zod';
import { mrpackFileSchema, type MrpackIndex } from './mrpack';

// The embedded modpack catalogue (`content/catalogue/modpacks.json`): real packs' public
// metadata as Modrinth lists it, each version with the shop's copy of its `.mrpack` index (files,
// loader, overrides). The embedded source serves it; the tests' fake Modrinth serves the same
// data as real `.mrpack` zips, so both are held to one contract. Validated at build
// (src/content.config.ts) and by its unit test.

const modrinthId = z.string().regex(/^[0-9A-Za-z]{8}$/, 'an 8-character base62 Modrinth id');
const text = (max: number) => z.string().trim().min(1).max(max);

/** The shop's copy of a version's `.mrpack`: its index without downloads, and its zip entries. */
export const cataloguePackSchema = z.strictObject({
	/** The index's `dependencies`: `minecraft` and the loader's key. */
	dependencies: z.record(z.string(), z.string().min(1)),
	files: z.array(mrpackFileSchema.omit({ downloads: true }).strict()),
	/** The zip's other entries, e.g. `overrides/config/x.toml`, `client-overrides/options.txt`. */
	entries: z.array(z.string().min(1)),
});

export const catalogueVersionSchema = z.strictObject({
	id: modrinthId,
	/** The version's display name, e.g. "Fabulously Optimized 6.2.3". */
	name: text(200),
	/** Its version number, e.g. "6.2.3". */
	versionNumber: text(100),
	publishedAt: z.iso.datetime(),
	gameVersions: z.array(text(32)).min(1),
	/** As Modrinth's v2 API lists a modpack version's loaders (its `mrpack_loaders`). */
	loaders: z.array(text(32)).min(1),
	/** Null: the version has no `.mrpack` among its files. */
	pack: cataloguePackSchema.nullable(),
});

export const catalogueProjectSchema = z.strictObject({
	id: modrinthId,
	slug: text(64),
	type: z.enum(['modpack', 'mod', 'resourcepack', 'shader']),
	name: text(200),
	author: text(100),
	summary: text(400),
	icon: z.url({ protocol: /^https$/ }).nullable(),
	downloads: z.number().int().nonnegative(),
	/** Modrinth's `server_side`: `unsupported` is a pack made for clients only. */
	serverSide: z.enum(['required', 'optional', 'unsupported', 'unknown']),
	/** What the pack's page recommends for a server, in GB; null when it does not say. */
	recommendedRamGb: z.number().int().positive().nullable(),
	/** Newest first. */
	versions: z.array(catalogueVersionSchema).min(1),
});

export const modpackCatalogueSchema = z.array(catalogueProjectSchema).min(1);
export type CatalogueProject = z.infer<typeof catalogueProjectSchema>;
export type CatalogueVersion = z.infer<typeof catalogueVersionSchema>;
export type CataloguePack = z.infer<typeof cataloguePackSchema>;

/** The `.mrpack` index a catalogue version stands for, each file with `downloads(path)`. */
export function catalogueIndex(
	project: CatalogueProject,
	version: CatalogueVersion,
	pack: CataloguePack,
	downloads: (path: string) => string[] = () => [],
): MrpackIndex {
	return {
		formatVersion: 1,
		game: 'minecraft',
		versionId: version.versionNumber,
		name: project.name,
		files: pack.files.map((file) => ({ ...file, downloads: downloads(file.path) })),
		dependencies: pack.dependencies,
	};
}
