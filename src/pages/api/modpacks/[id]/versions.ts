import type { APIRoute } from 'astro';
import { modpackIdSchema, modpackVersionsQuerySchema } from '~/lib/modpacks/query';
import { modpackRead } from '~/server/modpack-search/door';

export const prerender = false;

const schema = modpackVersionsQuerySchema.extend({ id: modpackIdSchema });

/**
 * GET /api/modpacks/{id}/versions?loader=&gameVersion= → `{ versions }`, newest first; 404 for no
 * such pack, 422 for a project that is not a modpack.
 */
export const GET: APIRoute = (context) =>
	modpackRead(context, schema, async ({ id, loader, gameVersion }, source) => ({
		versions: await source.versions(id, {
			...(loader ? { loader } : {}),
			...(gameVersion ? { gameVersion } : {}),
		}),
	}));
