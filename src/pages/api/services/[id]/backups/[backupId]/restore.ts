import type { APIRoute } from 'astro';
import { z } from 'zod';
import { restoreBackup } from '~/server/game-tools/actions';
import { toolAnswer } from '~/server/game-tools/refusals';
import { apiError } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';

export const prerender = false;

const body = z.object({
	confirm: z.unknown().optional(),
	truncate: z.boolean().optional(),
	locale: z.string().optional(),
});

/**
 * POST /api/services/{id}/backups/{backupId}/restore `{ confirm: true, truncate? }`: stops the
 * server and puts the backup's files back (all files deleted first with `truncate`). Without
 * `confirm: true` a 400 that says so, and nothing happens.
 */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.gameToolWritesPerAccount }, async (r) => {
		if (r.body.confirm !== true)
			return apiError(400, 'confirm_required', 'gameBackups.error.confirmRequired', r.locale);
		const { id = '', backupId = '' } = context.params;
		const truncate = r.body.truncate ?? false;
		return toolAnswer(await restoreBackup(r.admin, r.customer, id, backupId, truncate), r.locale);
	});
