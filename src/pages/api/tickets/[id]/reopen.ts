import type { APIRoute } from 'astro';
import { z } from 'zod';
import { reopenTicket } from '~/server/support/actions';
import { changed, ticketRoute } from '~/server/support/route';

export const prerender = false;

const body = z.object({ locale: z.string().optional() });

/** POST /api/tickets/{id}/reopen: opens one of the caller's closed tickets again. */
export const POST: APIRoute = (context) =>
	ticketRoute(context, { body }, async (r) =>
		changed(await reopenTicket(r.client, context.params.id ?? ''), r.locale),
	);
