import type { APIRoute } from 'astro';
import { reviewBodySchema, settleReview } from '~/server/staff/money/review-actions';
import { staffWrite } from '~/server/staff/write';

export const prerender = false;

/** Staff settle a payment flagged for review: { outcome: 'accept' | 'refund', requestId }. */
export const POST: APIRoute = (context) =>
	staffWrite(context, reviewBodySchema, (request) =>
		settleReview(request, context.params.invoiceId ?? ''),
	);
