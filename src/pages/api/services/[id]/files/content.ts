import type { APIRoute } from 'astro';
import { maxEditBytes } from '~/lib/game-tools/text-edit';
import { textBody, toolDoor } from '~/server/game-tools/door';
import { saveFile } from '~/server/game-tools/file-actions';
import { fileText } from '~/server/game-tools/queries';
import { isRefusal, refusalResponse, toolAnswer } from '~/server/game-tools/refusals';

export const prerender = false;

const pathOf = (url: URL) => url.searchParams.get('path') ?? '';

/**
 * GET /api/services/{id}/files/content?path=…: the file's text (`text/plain`); refused as
 * file_not_text for a binary file, file_too_large over 512 KiB.
 */
export const GET: APIRoute = (context) =>
	toolDoor(context, 'read', async (r) => {
		const read = await fileText(r.admin, r.customer, context.params.id ?? '', pathOf(context.url));
		if (isRefusal(read)) return refusalResponse(read, r.locale);
		return new Response(read.text, {
			headers: {
				'Content-Type': 'text/plain; charset=utf-8',
				'Cache-Control': 'private, no-store',
				'Content-Disposition': 'inline',
			},
		});
	});

/**
 * PUT /api/services/{id}/files/content?path=… with the new text as the body (any text type, at
 * most 512 KiB): `{ path, bytes, changes: { added, removed, changed } }`.
 */
export const PUT: APIRoute = (context) =>
	toolDoor(context, 'write', async (r) => {
		const text = await textBody(context.request, maxEditBytes);
		if (text === null) return refusalResponse({ refused: 'file_too_large' }, r.locale);
		const id = context.params.id ?? '';
		return toolAnswer(await saveFile(r.admin, r.customer, id, pathOf(context.url), text), r.locale);
	});
