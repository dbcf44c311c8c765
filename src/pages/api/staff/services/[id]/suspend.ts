import type { APIRoute } from 'astro';
import { suspendBody, suspendService } from '~/server/staff/services/actions';
import { staffWrite } from '~/server/staff/write';

export const prerender = false;

/** POST /api/staff/services/{id}/suspend with `{ reason, requestId }`: suspended where it runs; the customer reads the reason; only staff lift it. */
export const POST: APIRoute = (context) =>
	staffWrite(context, suspendBody, (request) => suspendService(request, context.params.id ?? ''));
