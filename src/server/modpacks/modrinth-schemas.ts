import { z } from 'zod';

// The parts of Modrinth's API v2 answers the adapter reads (openapi.yaml in modrinth/code,
// `apps/docs/public`), each checked before use; unknown fields are dropped. Lenient where Modrinth
// is: an icon may be null or empty, a search hit may lack deprecated fields.

const id = z.string().min(1).max(64);
const side = z.enum(['required', 'optional', 'unsupported', 'unknown']);

/** `GET /search`: `{ hits, offset, limit, total_hits }`; a hit's loaders are among `categories`. */
export const searchResultSchema = z.object({
	hits: z.array(
		z.object({
			project_id: id,
			project_type: z.string(),
			title: z.string(),
			description: z.string(),
			author: z.string(),
			categories: z.array(z.string()),
			versions: z.array(z.string()),
			downloads: z.number().int().nonnegative(),
			icon_url: z.string().nullish(),
		}),
	),
	total_hits: z.number().int().nonnegative(),
});
export type SearchHit = z.infer<typeof searchResultSchema>['hits'][number];

/** `GET /project/{id}`: `loaders` of a modpack are its packs' loaders (v2 maps `mrpack_loaders`). */
export const projectSchema = z.object({
	id,
	project_type: z.string(),
	title: z.string(),
	description: z.string(),
	loaders: z.array(z.string()),
	game_versions: z.array(z.string()),
	downloads: z.number().int().nonnegative(),
	icon_url: z.string().nullish(),
	server_side: side.optional(),
});
export type Project = z.infer<typeof projectSchema>;

/** `GET /project/{id}/members`: the owner is the author the installer shows. */
export const membersSchema = z.array(
	z.object({
		role: z.string(),
		ordering: z.number().int().optional(),
		user: z.object({ username: z.string() }),
	}),
);

const fileSchema = z.object({
	hashes: z.record(z.string(), z.string()),
	url: z.string(),
	filename: z.string(),
	primary: z.boolean(),
	size: z.number().int().nonnegative(),
});

/** `GET /version/{id}` and each of `GET /project/{id}/version`. */
export const versionSchema = z.object({
	id,
	project_id: id,
	name: z.string(),
	version_number: z.string(),
	game_versions: z.array(z.string()),
	loaders: z.array(z.string()),
	date_published: z.iso.datetime({ offset: true }),
	files: z.array(fileSchema),
});
export type Version = z.infer<typeof versionSchema>;
export type VersionFile = z.infer<typeof fileSchema>;

/** Every error answer: `{ error, description }` (`request_error`, also `invalid_input` in docs). */
export const errorSchema = z.object({ error: z.string(), description: z.string().optional() });

/**
 * The version's pack: its primary file, else the first (Modrinth: "if there are not any primary
 * files, it can be inferred that the first file is the primary one"), when that is a `.mrpack`.
 */
export function primaryPack(version: Version): VersionFile | null {
	const file = version.files.find((f) => f.primary) ?? version.files[0];
	return file && file.filename.toLowerCase().endsWith('.mrpack') ? file : null;
}
