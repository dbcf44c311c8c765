import type { APIRoute } from 'astro';
import { customerRead } from '~/server/http/customer-read';
import { serverDetail } from '~/server/servers/queries';

export const prerender = false;

/** GET /api/panel/servers/{id}: the server page's data in one answer; 404 for anyone else. */
export const GET: APIRoute = (context) =>
	customerRead(
		context,
		{ notFound: 'servers.error.not_found', failure: 'panel.error.generic' },
		(r) => serverDetail(r.client, r.customer.id, context.params.id ?? ''),
	);
