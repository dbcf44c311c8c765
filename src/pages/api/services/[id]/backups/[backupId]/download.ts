import type { APIRoute } from 'astro';
import { toolDoor } from '~/server/game-tools/door';
import { backupDownload } from '~/server/game-tools/queries';
import { toolAnswer } from '~/server/game-tools/refusals';

export const prerender = false;

/** GET /api/services/{id}/backups/{backupId}/download: `{ url, expiresAt }`, short-lived and single-use. */
export const GET: APIRoute = (context) =>
	toolDoor(context, 'read', async (r) => {
		const { id = '', backupId = '' } = context.params;
		return toolAnswer(await backupDownload(r.admin, r.customer, id, backupId), r.locale);
	});
