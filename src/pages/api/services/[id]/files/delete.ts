import type { APIRoute } from 'astro';
import { z } from 'zod';
import { deleteFiles } from '~/server/game-tools/file-actions';
import { toolAnswer } from '~/server/game-tools/refusals';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';

export const prerender = false;

const body = z.object({
	paths: z.array(z.string().min(1).max(1024)).min(1).max(50),
	locale: z.string().optional(),
});

/** POST /api/services/{id}/files/delete `{ paths }`: files, and folders with what they hold. */
export const POST: APIRoute = (context) =>
	customerRoute(
		context,
		{ body, limit: limits.gameToolWritesPerAccount, maxBytes: 64 * 1024 },
		async (r) =>
			toolAnswer(
				await deleteFiles(r.admin, r.customer, context.params.id ?? '', r.body.paths),
				r.locale,
			),
	);
