import type { APIRoute } from 'astro';
import { z } from 'zod';
import { renameFile } from '~/server/game-tools/file-actions';
import { toolAnswer } from '~/server/game-tools/refusals';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';

export const prerender = false;

const path = z.string().min(1).max(1024);
const body = z.object({ from: path, to: path, locale: z.string().optional() });

/** POST /api/services/{id}/files/rename `{ from, to }`: full paths; moves within the folder too. */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.gameToolWritesPerAccount }, async (r) => {
		const { from, to } = r.body;
		const done = await renameFile(r.admin, r.customer, context.params.id ?? '', from, to);
		return toolAnswer(done, r.locale);
	});
