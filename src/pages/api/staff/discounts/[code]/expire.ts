import type { APIRoute } from 'astro';
import { expireBody, expireDiscount } from '~/server/staff/discounts/actions';
import { staffWrite } from '~/server/staff/write';

export const prerender = false;

/** POST /api/staff/discounts/{code}/expire with `{ requestId }`: the code's window ends now. */
export const POST: APIRoute = (context) =>
	staffWrite(context, expireBody, (request) => expireDiscount(request, context.params.code ?? ''));
