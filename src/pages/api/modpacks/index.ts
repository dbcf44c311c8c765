import type { APIRoute } from 'astro';
import { modpackSearchQuerySchema } from '~/lib/modpacks/query';
import { modpackRead } from '~/server/modpack-search/door';

export const prerender = false;

/**
 * GET /api/modpacks?q=&loader=&gameVersion= → `{ modpacks }`: the installer's search (an empty
 * `q` lists the most downloaded packs), for signed-in customers.
 */
export const GET: APIRoute = (context) =>
	modpackRead(context, modpackSearchQuerySchema, async (query, source) => ({
		modpacks: await source.search({
			query: query.q,
			...(query.loader ? { loader: query.loader } : {}),
			...(query.gameVersion ? { gameVersion: query.gameVersion } : {}),
		}),
	}));
