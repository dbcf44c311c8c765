import type { APIRoute } from 'astro';
import { decideApproval, decisionBodySchema } from '~/server/staff/approvals/actions';
import { staffWrite } from '~/server/staff/write';

export const prerender = false;

/** A second member of staff decides a credit or refund above the limit: { decision, requestId }. */
export const POST: APIRoute = (context) =>
	staffWrite(context, decisionBodySchema, (request) =>
		decideApproval(request, context.params.id ?? ''),
	);
