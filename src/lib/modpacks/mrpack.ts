import { z } from 'zod';
import type { ModpackLoader } from '../domain/minecraft-software';
import { modpackPlanSchema, type ModpackFile, type ModpackPlan } from './plan';
import { safeRelativePath } from './safe-path';

// The `.mrpack` format's rules (Modrinth's format page and labrinth's `PackFormat`), applied to a
// pack's `modrinth.index.json` and the names of its zip entries: what a dedicated server installs,
// or why it cannot. Pure: the Modrinth adapter feeds it a downloaded pack, the embedded catalogue
// its stored copy of the same index, so both refuse the same packs.

const side = z.enum(['required', 'optional', 'unsupported', 'unknown']);

/** One entry of `files`: labrinth's `PackFile`, the path checked separately (safe-path.ts). */
export const mrpackFileSchema = z.object({
	path: z.string(),
	hashes: z.record(z.string(), z.string()),
	env: z.strictObject({ client: side.optional(), server: side.optional() }).nullish(),
	downloads: z.array(z.string()),
	fileSize: z.number().int().min(0).max(0xffff_ffff),
});
export type MrpackFile = z.infer<typeof mrpackFileSchema>;

/** `modrinth.index.json`: format 1, Minecraft only (labrinth refuses other games). */
export const mrpackIndexSchema = z.object({
	formatVersion: z.literal(1),
	game: z.literal('minecraft'),
	versionId: z.string().min(1).max(512),
	name: z.string().min(1).max(512),
	summary: z.string().max(2048).nullish(),
	files: z.array(mrpackFileSchema),
	dependencies: z.record(z.string(), z.string().min(1)),
});
export type MrpackIndex = z.infer<typeof mrpackIndexSchema>;

/** The index's dependency key of each loader we install; anything else is not installable. */
export const loaderDependencies: Record<string, ModpackLoader> = {
	forge: 'forge',
	neoforge: 'neoforge',
	'fabric-loader': 'fabric',
	'quilt-loader': 'quilt',
};

/** What the source knows besides the pack itself. */
export interface PackMeta {
	projectId: string;
	versionId: string;
	name: string;
	versionName: string;
	recommendedRamGb: number | null;
	packUrl: string | null;
	/** Modrinth's packs must say where each file downloads from; the embedded copies list none. */
	downloadsRequired: boolean;
}

export type PackVerdict =
	| { ok: true; plan: ModpackPlan }
	| { ok: false; reason: 'bad_pack' | 'unsupported_loader'; detail: string };

const bad = (detail: string): PackVerdict => ({ ok: false, reason: 'bad_pack', detail });

function serverFile(file: MrpackFile, meta: PackMeta): ModpackFile | string {
	const path = safeRelativePath(file.path);
	if (path === null) return `unsafe path ${JSON.stringify(file.path)}`;
	const sha1 = file.hashes.sha1?.toLowerCase();
	const sha512 = file.hashes.sha512?.toLowerCase();
	if (!sha1 || !/^[0-9a-f]{40}$/.test(sha1)) return `${path}: no valid sha1 hash`;
	if (!sha512 || !/^[0-9a-f]{128}$/.test(sha512)) return `${path}: no valid sha512 hash`;
	if (meta.downloadsRequired && !file.downloads.length) return `${path}: no download`;
	for (const url of file.downloads)
		if (!URL.canParse(url) || new URL(url).protocol !== 'https:')
			return `${path}: download ${JSON.stringify(url)} is not an https URL`;
	return { path, bytes: file.fileSize, sha1, sha512, downloads: file.downloads };
}

/** `overrides/` then `server-overrides/` (each path once); `client-overrides/` never. */
function overrides(entryNames: readonly string[]): string[] | string {
	const paths: string[] = [];
	for (const folder of ['overrides/', 'server-overrides/']) {
		for (const name of entryNames) {
			if (!name.startsWith(folder) || name.endsWith('/')) continue;
			const path = safeRelativePath(name.slice(folder.length));
			if (path === null) return `unsafe entry ${JSON.stringify(name)}`;
			if (!paths.includes(path)) paths.push(path);
		}
	}
	return paths;
}

function loaderOf(dependencies: Record<string, string>) {
	const named = Object.keys(dependencies).filter((key) => key !== 'minecraft');
	const unknown = named.filter((key) => !(key in loaderDependencies));
	if (unknown.length) return `needs ${unknown.join(', ')}, which we do not install`;
	if (named.length !== 1) return `names ${named.length} loaders; exactly one is installable`;
	const key = named[0]!;
	return { loader: loaderDependencies[key]!, loaderVersion: dependencies[key]! };
}

/**
 * The install plan of a pack: its index (as read from the zip, unparsed) and the names of the
 * zip's entries. Refused as `bad_pack` for anything Modrinth would refuse or an installer could
 * not do safely, as `unsupported_loader` unless exactly one loader we install is named.
 */
export function planFromPack(
	rawIndex: unknown,
	entryNames: readonly string[],
	meta: PackMeta,
): PackVerdict {
	const parsed = mrpackIndexSchema.safeParse(rawIndex);
	if (!parsed.success) {
		const issue = parsed.error.issues[0]!;
		return bad(`modrinth.index.json ${issue.path.join('.') || '(root)'}: ${issue.message}`);
	}
	const index = parsed.data;
	const files: ModpackFile[] = [];
	for (const file of index.files) {
		const checked = serverFile(file, meta);
		if (typeof checked === 'string') return bad(checked);
		if (file.env?.server !== 'unsupported') files.push(checked);
	}
	const written = overrides(entryNames);
	if (typeof written === 'string') return bad(written);
	if (!index.files.length && !entryNames.some((name) => name.startsWith('overrides/')))
		return bad('the pack has no files');
	const gameVersion = index.dependencies.minecraft;
	if (!gameVersion) return bad('the pack names no Minecraft version');
	const loader = loaderOf(index.dependencies);
	if (typeof loader === 'string')
		return { ok: false, reason: 'unsupported_loader', detail: loader };
	const plan = modpackPlanSchema.safeParse({
		projectId: meta.projectId,
		versionId: meta.versionId,
		name: meta.name,
		versionName: meta.versionName,
		...loader,
		gameVersion,
		recommendedRamGb: meta.recommendedRamGb,
		packUrl: meta.packUrl,
		files,
		overrides: written,
	});
	if (!plan.success) return bad(`the plan: ${plan.error.issues[0]!.message}`);
	return { ok: true, plan: plan.data };
}
