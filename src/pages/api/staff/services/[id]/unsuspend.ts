import type { APIRoute } from 'astro';
import { unsuspendBody, unsuspendService } from '~/server/staff/services/actions';
import { staffWrite } from '~/server/staff/write';

export const prerender = false;

/** POST /api/staff/services/{id}/unsuspend with `{ requestId }`: a suspension (staff's or billing's) lifted; the server runs again. */
export const POST: APIRoute = (context) =>
	staffWrite(context, unsuspendBody, (request) =>
		unsuspendService(request, context.params.id ?? ''),
	);
