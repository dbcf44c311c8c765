import type { APIRoute } from 'astro';
import { publicVpsImage, vpsImages } from '~/lib/vps/images';
import { json } from '~/server/http/api';

export const prerender = false;

/**
 * GET → 200 { images: [{ id, name, family, os, user, minRamGb }] }: what a VPS can be ordered with.
 * The catalogue file only changes with a deploy, so shared caches may keep it for an hour
 * (src/server/http/shared-cache.ts); where an image's templates live stays on the server.
 */
export const GET: APIRoute = () =>
	json(200, { images: vpsImages.map(publicVpsImage) }, { 'Cache-Control': 'public, max-age=3600' });
