import type { APIRoute } from 'astro';
import { readServerView } from '~/lib/panel/server-view';
import { customerRead } from '~/server/http/customer-read';
import { listServers } from '~/server/servers/queries';

export const prerender = false;

/** GET /api/panel/servers?per&page: one page of the caller's servers with their live state. */
export const GET: APIRoute = (context) =>
	customerRead(
		context,
		{ notFound: 'servers.error.not_found', failure: 'panel.error.generic' },
		(r) => listServers(r.client, r.customer.id, readServerView(context.url.searchParams)),
	);
