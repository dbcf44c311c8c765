import type { APIRoute } from 'astro';
import { customerRead } from '~/server/http/customer-read';
import { listTickets } from '~/server/support/queries';

export const prerender = false;

/** GET /api/panel/tickets: the caller's tickets, newest activity first, and their servers. */
export const GET: APIRoute = (context) =>
	customerRead(
		context,
		{ notFound: 'support.error.notFound', failure: 'support.error.load' },
		(r) => listTickets(r.client, r.customer.id),
	);
