import type { APIRoute } from 'astro';
import { cancelBody, cancelService } from '~/server/staff/services/cancel';
import { staffWrite } from '~/server/staff/write';

export const prerender = false;

/** POST /api/staff/services/{id}/cancel with `{ when: period_end | now, reason, requestId }`. */
export const POST: APIRoute = (context) =>
	staffWrite(context, cancelBody, (request) => cancelService(request, context.params.id ?? ''));
