import type { APIRoute } from 'astro';
import { z } from 'zod';
import { uploadLink } from '~/server/game-tools/file-actions';
import { toolAnswer } from '~/server/game-tools/refusals';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';

export const prerender = false;

const body = z.object({ dir: z.string().max(1024).default('/'), locale: z.string().optional() });

/**
 * POST /api/services/{id}/files/upload `{ dir }`: `{ url, expiresAt }`, where the browser then
 * POSTs the files (multipart, field `files`) straight to the panel; short-lived and single-use.
 */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.gameToolWritesPerAccount }, async (r) =>
		toolAnswer(
			await uploadLink(r.admin, r.customer, context.params.id ?? '', r.body.dir),
			r.locale,
		),
	);
