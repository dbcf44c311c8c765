import type { APIRoute } from 'astro';
import { z } from 'zod';
import { lockBackup } from '~/server/game-tools/actions';
import { toolAnswer } from '~/server/game-tools/refusals';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';

export const prerender = false;

const body = z.object({ locked: z.boolean(), locale: z.string().optional() });

/** POST /api/services/{id}/backups/{backupId}/lock `{ locked }`: sets the lock (not a toggle). */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.gameToolWritesPerAccount }, async (r) => {
		const { id = '', backupId = '' } = context.params;
		const set = await lockBackup(r.admin, r.customer, id, backupId, r.body.locked);
		return toolAnswer(set, r.locale);
	});
