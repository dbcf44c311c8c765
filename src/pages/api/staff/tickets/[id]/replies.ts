import type { APIRoute } from 'astro';
import { replyBody, replyToTicketAsStaff } from '~/server/staff/tickets/actions';
import { staffWrite } from '~/server/staff/write';

export const prerender = false;

/**
 * POST /api/staff/tickets/{id}/replies `{ message, requestId }`: a reply as staff; the customer
 * sees it in their thread and is mailed it in their language. 200 `{ id, status: 'answered',
 * mailed, mailLocale }`.
 */
export const POST: APIRoute = (context) =>
	staffWrite(context, replyBody, (request) =>
		replyToTicketAsStaff(request, context.params.id ?? ''),
	);
