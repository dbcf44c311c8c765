import type { APIRoute } from 'astro';
import { refundBodySchema, staffRefund } from '~/server/staff/money/actions';
import { staffWrite } from '~/server/staff/write';

export const prerender = false;

/** Staff refund (part of) a paid invoice: { amount (major units), reason, requestId }. */
export const POST: APIRoute = (context) =>
	staffWrite(context, refundBodySchema, (request) => staffRefund(request, context.params.id ?? ''));
