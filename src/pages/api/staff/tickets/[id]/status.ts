import type { APIRoute } from 'astro';
import { changeTicketStatus, statusBody } from '~/server/staff/tickets/actions';
import { staffWrite } from '~/server/staff/write';

export const prerender = false;

/** POST /api/staff/tickets/{id}/status `{ status, requestId }`: 200 `{ id, status, changed }`. */
export const POST: APIRoute = (context) =>
	staffWrite(context, statusBody, (request) =>
		changeTicketStatus(request, context.params.id ?? ''),
	);
