import type { APIRoute } from 'astro';
import { extendBody, extendService } from '~/server/staff/services/extend';
import { staffWrite } from '~/server/staff/write';

export const prerender = false;

/** POST /api/staff/services/{id}/extend with `{ days (1-90), reason, requestId }`: the due date moves forward. */
export const POST: APIRoute = (context) =>
	staffWrite(context, extendBody, (request) => extendService(request, context.params.id ?? ''));
