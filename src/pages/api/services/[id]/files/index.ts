import type { APIRoute } from 'astro';
import { toolDoor } from '~/server/game-tools/door';
import { serverFiles } from '~/server/game-tools/queries';
import { toolAnswer } from '~/server/game-tools/refusals';

export const prerender = false;

/**
 * GET /api/services/{id}/files?dir=/: `{ dir, files: [{ name, kind, bytes, modifiedAt }] }`,
 * folders first. A `dir` that climbs out of the server's folder is a 400 path_outside_root.
 */
export const GET: APIRoute = (context) =>
	toolDoor(context, 'read', async (r) => {
		const dir = context.url.searchParams.get('dir') ?? '/';
		return toolAnswer(
			await serverFiles(r.admin, r.customer, context.params.id ?? '', dir),
			r.locale,
		);
	});
