import type { APIRoute } from 'astro';
import { z } from 'zod';
import { json } from '~/server/http/api';
import { limits } from '~/server/rate-limit/limits';
import { checkNewTicket, openTicket } from '~/server/support/actions';
import { refused, ticketRoute } from '~/server/support/route';

export const prerender = false;

// Fields are optional here so that an empty form gets the form's message (missing fields), not
// "the request could not be read"; checkNewTicket applies the real rules.
const body = z.object({
	subject: z.string().max(1000).optional(),
	department: z.string().max(40).optional(),
	serviceId: z.string().max(64).nullable().optional(),
	message: z.string().max(20_000).optional(),
	locale: z.string().optional(),
});

/** POST /api/tickets: opens a ticket with its first message; 201 with its id. */
export const POST: APIRoute = (context) =>
	ticketRoute(
		context,
		{ body, maxBytes: 96 * 1024, limit: limits.ticketsPerAccount },
		async (r) => {
			const ticket = checkNewTicket(r.body);
			if (typeof ticket === 'string') return refused(ticket, r.locale);
			const opened = await openTicket(r.client, r.customer.id, ticket);
			return typeof opened === 'string' ? refused(opened, r.locale) : json(201, opened);
		},
	);
