import type { APIRoute } from 'astro';
import { customerRead } from '~/server/http/customer-read';
import { ticketThread } from '~/server/support/queries';

export const prerender = false;

/** GET /api/panel/tickets/{id}: one of the caller's tickets with every message; else 404. */
export const GET: APIRoute = (context) =>
	customerRead(
		context,
		{ notFound: 'support.error.notFound', failure: 'support.error.load' },
		(r) => ticketThread(r.client, r.customer.id, context.params.id ?? ''),
	);
