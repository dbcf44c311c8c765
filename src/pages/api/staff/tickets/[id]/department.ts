import type { APIRoute } from 'astro';
import { changeTicketDepartment, departmentBody } from '~/server/staff/tickets/actions';
import { staffWrite } from '~/server/staff/write';

export const prerender = false;

/** POST /api/staff/tickets/{id}/department `{ department, requestId }`: 200 `{ id, department, changed }`. */
export const POST: APIRoute = (context) =>
	staffWrite(context, departmentBody, (request) =>
		changeTicketDepartment(request, context.params.id ?? ''),
	);
