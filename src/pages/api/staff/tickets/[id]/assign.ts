import type { APIRoute } from 'astro';
import { assignBody, assignTicketToSelf } from '~/server/staff/tickets/actions';
import { staffWrite } from '~/server/staff/write';

export const prerender = false;

/** POST /api/staff/tickets/{id}/assign `{ requestId }`: the caller takes the ticket; 200 `{ id, assignee, changed }`. */
export const POST: APIRoute = (context) =>
	staffWrite(context, assignBody, (request) =>
		assignTicketToSelf(request, context.params.id ?? ''),
	);
