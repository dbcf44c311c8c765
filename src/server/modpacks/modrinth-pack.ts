import { createHash } from 'node:crypto';
import { unzipSync } from 'fflate';
import { planFromPack, type PackMeta } from '../../lib/modpacks/mrpack';
import type { ModpackPlan } from '../../lib/modpacks/plan';
import { ModpackRefusedError } from './errors';
import type { ModrinthHttp } from './modrinth-http';
import { primaryPack, type Project, type Version, type VersionFile } from './modrinth-schemas';
import { installableLoaders } from './shared';

// A downloaded `.mrpack` checked and read: its bytes must match the hashes Modrinth lists for the
// version's file (every one it lists, at least sha1 or sha512), and only two things are taken from
// the zip: the names of its entries (for `overrides/` and `server-overrides/`) and
// `modrinth.index.json`, inflated into a buffer of the size its header states and no larger.

/** The largest pack read (the zip is held in memory to reach its central directory). */
export const MAX_PACK_BYTES = 128 * 1024 * 1024;
const MAX_INDEX_BYTES = 16 * 1024 * 1024;
const MAX_ENTRIES = 100_000;

export function checkHashes(bytes: Uint8Array, file: VersionFile): string | null {
	const listed = (['sha512', 'sha1'] as const).filter((algorithm) => file.hashes[algorithm]);
	if (!listed.length) return `${file.filename}: Modrinth lists no sha1 or sha512 for it`;
	for (const algorithm of listed) {
		const actual = createHash(algorithm).update(bytes).digest('hex');
		if (actual !== file.hashes[algorithm]!.toLowerCase())
			return `${file.filename}: its ${algorithm} is ${actual}, Modrinth lists ${file.hashes[algorithm]}`;
	}
	return null;
}

function readZip(bytes: Uint8Array): { names: string[]; index: unknown } | string {
	const names: string[] = [];
	let tooLarge = false;
	let files: Record<string, Uint8Array>;
	try {
		files = unzipSync(bytes, {
			filter(entry) {
				names.push(entry.name);
				if (entry.name !== 'modrinth.index.json') return false;
				tooLarge = entry.originalSize > MAX_INDEX_BYTES;
				return !tooLarge;
			},
		});
	} catch (error) {
		return `not a readable zip (${error instanceof Error ? error.message : String(error)})`;
	}
	if (names.length > MAX_ENTRIES) return `${names.length} entries, more than ${MAX_ENTRIES}`;
	if (tooLarge) return 'modrinth.index.json is larger than 16 MiB';
	const raw = files['modrinth.index.json'];
	if (!raw) return 'no modrinth.index.json at its root';
	try {
		return {
			names,
			index: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(raw)) as unknown,
		};
	} catch {
		return 'modrinth.index.json is not UTF-8 JSON';
	}
}

/** The install plan of a downloaded pack; ModpackRefusedError when it does not hold. */
function planFromDownload(bytes: Uint8Array, file: VersionFile, meta: PackMeta): ModpackPlan {
	const mismatch = checkHashes(bytes, file);
	if (mismatch) throw new ModpackRefusedError('bad_pack', mismatch);
	const zip = readZip(bytes);
	if (typeof zip === 'string')
		throw new ModpackRefusedError('bad_pack', `${file.filename}: ${zip}`);
	const verdict = planFromPack(zip.index, zip.names, meta);
	if (!verdict.ok)
		throw new ModpackRefusedError(verdict.reason, `${file.filename}: ${verdict.detail}`);
	return verdict.plan;
}

/**
 * A modpack version's plan, from its primary `.mrpack`: refused without one or for a client-only
 * pack (`no_server_pack`), on no loader we install, or when the file is not on https (`fetchable`
 * also lets a local fake serve it), too large, gone, or not what its hashes say (`bad_pack`).
 */
export async function installPlan(
	http: ModrinthHttp,
	project: Project,
	version: Version,
	fetchable: (url: string) => boolean,
): Promise<ModpackPlan> {
	const file = primaryPack(version);
	if (project.server_side === 'unsupported' || !file)
		throw new ModpackRefusedError('no_server_pack', `${version.id} has no server pack`);
	if (!installableLoaders(version.loaders).length)
		throw new ModpackRefusedError('unsupported_loader', version.loaders.join(', '));
	if (!fetchable(file.url))
		throw new ModpackRefusedError('bad_pack', `${file.url} is not an https URL`);
	if (file.size > MAX_PACK_BYTES)
		throw new ModpackRefusedError('bad_pack', `${file.filename} is larger than we read`);
	const download = await http.download(file.url, MAX_PACK_BYTES);
	if (download.kind !== 'ok')
		throw new ModpackRefusedError('bad_pack', `${file.filename}: ${download.kind}`);
	return planFromDownload(download.bytes, file, {
		projectId: project.id,
		versionId: version.id,
		name: project.title,
		versionName: version.version_number,
		recommendedRamGb: null,
		packUrl: file.url,
		downloadsRequired: true,
	});
}
