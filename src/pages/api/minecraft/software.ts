import type { APIRoute } from 'astro';
import type { SoftwareCatalogueAnswer } from '~/lib/panel/types';
import { softwareCatalogue } from '~/lib/minecraft-software/catalogue';
import { json } from '~/server/http/api';

export const prerender = false;

const answer: SoftwareCatalogueAnswer = {
	software: softwareCatalogue.map(({ id, name, versions, defaultVersion }) => ({
		id,
		name,
		versions: [...versions],
		defaultVersion,
	})),
};

/**
 * GET → 200 { software: [{ id, name, versions (newest first), defaultVersion }] }: the server
 * software a Minecraft server can run, from the operator's catalogue. It only changes with a
 * deploy, so shared caches may keep it for an hour (src/server/http/shared-cache.ts).
 */
export const GET: APIRoute = () => json(200, answer, { 'Cache-Control': 'public, max-age=3600' });
