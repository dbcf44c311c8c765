import { z } from 'zod';
import { modpackLoaderSchema } from '../domain/minecraft-software';

// What a modpack id, a Minecraft version and the installer's search may look like: the routes
// refuse anything else with a 400, and the sources never put anything else into a request (a
// search facet is `versions:<game version>`; Modrinth's own parser would read more into it).

/** Modrinth's stable project and version ids: 8 characters of base62. Slugs change, so no slugs. */
export const modpackIdSchema = z.string().regex(/^[0-9A-Za-z]{8}$/);

/** A Minecraft version as Modrinth lists them: `1.21.1`, `1.20.5-rc1`, `24w14a`, `b1.7.3`. */
export const gameVersionSchema = z.string().regex(/^[0-9A-Za-z][0-9A-Za-z._+-]{0,31}$/);

export const MAX_QUERY_LENGTH = 100;

/** `GET /api/modpacks?q=&loader=&gameVersion=`; an empty parameter is no filter. */
export const modpackSearchQuerySchema = z.object({
	q: z.string().trim().max(MAX_QUERY_LENGTH).default(''),
	loader: z.preprocess((value) => value || undefined, modpackLoaderSchema.optional()),
	gameVersion: z.preprocess((value) => value || undefined, gameVersionSchema.optional()),
});

/** `GET /api/modpacks/{id}/versions?loader=&gameVersion=`. */
export const modpackVersionsQuerySchema = modpackSearchQuerySchema.omit({ q: true });

const release = /^(\d+)\.(\d+)(?:\.(\d+))?$/;

/**
 * Game versions newest first: releases by number (1.21.1 before 1.21 before 1.20.6), then the
 * rest (snapshots, pre-releases) in the order given. Each version once.
 */
export function newestGameVersionsFirst(versions: Iterable<string>): string[] {
	const unique = [...new Set(versions)];
	const key = (version: string) =>
		release
			.exec(version)
			?.slice(1, 4)
			.map((n) => Number(n ?? 0));
	const releases = unique.filter((version) => key(version));
	releases.sort((a, b) => {
		const [x, y] = [key(a)!, key(b)!];
		return y[0]! - x[0]! || y[1]! - x[1]! || y[2]! - x[2]!;
	});
	return [...releases, ...unique.filter((version) => !key(version))];
}
