import type { APIRoute } from 'astro';
import { cancelPage } from '~/server/cancellation/queries';
import { customerRead } from '~/server/http/customer-read';

export const prerender = false;

/**
 * GET /api/panel/services/{id}/cancel: the cancel page's data (the server, its period, the pause
 * offer's quotes, the live chat); 404 for a server that is not the caller's.
 */
export const GET: APIRoute = (context) =>
	customerRead(
		context,
		{ notFound: 'cancelFlow.error.notFound', failure: 'cancelFlow.error.load' },
		(r) => cancelPage(r.client, r.customer.id, context.params.id ?? '', new Date()),
	);
