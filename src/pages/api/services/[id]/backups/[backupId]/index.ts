import type { APIRoute } from 'astro';
import { deleteBackup } from '~/server/game-tools/actions';
import { toolDoor } from '~/server/game-tools/door';
import { toolAnswer } from '~/server/game-tools/refusals';

export const prerender = false;

/** DELETE /api/services/{id}/backups/{backupId}: refused while the backup is locked. */
export const DELETE: APIRoute = (context) =>
	toolDoor(context, 'write', async (r) => {
		const { id = '', backupId = '' } = context.params;
		return toolAnswer(await deleteBackup(r.admin, r.customer, id, backupId), r.locale);
	});
