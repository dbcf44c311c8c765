import type { APIRoute } from 'astro';
import { z } from 'zod';
import { closeTicket } from '~/server/support/actions';
import { changed, ticketRoute } from '~/server/support/route';

export const prerender = false;

const body = z.object({ locale: z.string().optional() });

/** POST /api/tickets/{id}/close: closes one of the caller's tickets. */
export const POST: APIRoute = (context) =>
	ticketRoute(context, { body }, async (r) =>
		changed(await closeTicket(r.client, r.customer.id, context.params.id ?? ''), r.locale),
	);
