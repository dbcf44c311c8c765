import type { APIRoute } from 'astro';
import { customerRead } from '~/server/http/customer-read';
import { serverLive } from '~/server/servers/queries';

export const prerender = false;

/** GET /api/panel/servers/{id}/live: the state and resource use, polled while the page is open. */
export const GET: APIRoute = (context) =>
	customerRead(
		context,
		{ notFound: 'servers.error.not_found', failure: 'panel.error.generic' },
		(r) => serverLive(r.client, r.customer.id, context.params.id ?? ''),
	);
