import type { APIRoute } from 'astro';
import { z } from 'zod';
import { createBackup } from '~/server/game-tools/actions';
import { toolDoor } from '~/server/game-tools/door';
import { serverBackups } from '~/server/game-tools/queries';
import { toolAnswer } from '~/server/game-tools/refusals';
import { customerRoute } from '~/server/http/customer-route';
import { limits } from '~/server/rate-limit/limits';

export const prerender = false;

/** GET /api/services/{id}/backups: `{ backups: [{ id, name, bytes, createdAt, completedAt, locked, state }], limit }`. */
export const GET: APIRoute = (context) =>
	toolDoor(context, 'read', async (r) =>
		toolAnswer(await serverBackups(r.admin, r.customer, context.params.id ?? ''), r.locale),
	);

const body = z.object({
	name: z.string().trim().max(191).optional(),
	locale: z.string().optional(),
});

/** POST /api/services/{id}/backups `{ name? }`: starts a backup; 409 with the limit when at it. */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.gameToolWritesPerAccount }, async (r) => {
		const id = context.params.id ?? '';
		const made = await createBackup(r.admin, r.customer, id, r.body.name || undefined);
		return toolAnswer(made, r.locale, 201);
	});
