import type { APIRoute } from 'astro';
import { toolDoor } from '~/server/game-tools/door';
import { fileDownload } from '~/server/game-tools/queries';
import { toolAnswer } from '~/server/game-tools/refusals';

export const prerender = false;

/** GET /api/services/{id}/files/download?path=…: `{ url, expiresAt }`, short-lived and single-use. */
export const GET: APIRoute = (context) =>
	toolDoor(context, 'read', async (r) => {
		const path = context.url.searchParams.get('path') ?? '';
		return toolAnswer(
			await fileDownload(r.admin, r.customer, context.params.id ?? '', path),
			r.locale,
		);
	});
