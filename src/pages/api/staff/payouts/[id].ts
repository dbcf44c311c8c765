import type { APIRoute } from 'astro';
import { z } from 'zod';
import { payoutOutcomeSchema, settlePayout } from '~/server/staff/payouts/actions';
import { staffWrite } from '~/server/staff/write';

export const prerender = false;

// `locale`: the page's language, for the answer's message (the write door reads it).
const body = z.object({ outcome: payoutOutcomeSchema, locale: z.string().optional() });

/**
 * Settles an affiliate payout request, for staff only (the middleware's guard): `{ outcome: 'paid'
 * | 'rejected', requestId }`. 200 `{ payout, status }` with one audit entry; 404 `not_found`; 409
 * `already_settled` for a payout no longer waiting. The staff write door answers a repeated
 * request id with its first answer.
 */
export const POST: APIRoute = (context) =>
	staffWrite(context, body, ({ admin, body: { outcome }, locale }) =>
		settlePayout(admin, context.params.id ?? '', outcome, locale),
	);
