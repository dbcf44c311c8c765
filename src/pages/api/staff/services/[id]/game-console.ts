import type { APIRoute } from 'astro';
import { staffConsoleBody, staffOpenGameConsole } from '~/server/game-console/staff';
import { staffWrite } from '~/server/staff/write';
import { accessTokenOf } from '~/server/vps-panel/door';

export const prerender = false;

/**
 * POST /api/staff/services/{id}/game-console with `{ requestId }`: `{ url }`, a one-time path to
 * watch the customer's game console read-only (logs and stats, never a command: the relay holds
 * it). Written to the staff audit log.
 */
export const POST: APIRoute = (context) =>
	staffWrite(context, staffConsoleBody, async (request) =>
		staffOpenGameConsole(request, context.params.id ?? '', await accessTokenOf(context)),
	);
