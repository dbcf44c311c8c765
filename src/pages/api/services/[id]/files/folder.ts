import type { APIRoute } from 'astro';
import { z } from 'zod';
import { createFolder } from '~/server/game-tools/file-actions';
import { toolAnswer } from '~/server/game-tools/refusals';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';

export const prerender = false;

const body = z.object({ path: z.string().min(1).max(1024), locale: z.string().optional() });

/** POST /api/services/{id}/files/folder `{ path }`: a new, empty folder. */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.gameToolWritesPerAccount }, async (r) =>
		toolAnswer(
			await createFolder(r.admin, r.customer, context.params.id ?? '', r.body.path),
			r.locale,
			201,
		),
	);
