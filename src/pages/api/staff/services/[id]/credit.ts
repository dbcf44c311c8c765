import type { APIRoute } from 'astro';
import { addServiceCredit, creditBodySchema } from '~/server/staff/money/credit-actions';
import { staffWrite } from '~/server/staff/write';

export const prerender = false;

/** Staff add credit to a service: { amount (major units), reason, requestId }. */
export const POST: APIRoute = (context) =>
	staffWrite(context, creditBodySchema, (request) =>
		addServiceCredit(request, context.params.id ?? ''),
	);
