import type { APIRoute } from 'astro';
import { productTypeSchema } from '~/lib/domain/product';
import { readServerView } from '~/lib/panel/server-view';
import { customerRead } from '~/server/http/customer-read';
import { listServers } from '~/server/servers/queries';

export const prerender = false;

/** GET /api/panel/servers?kind&per&page: one page of the caller's servers of a kind (game by default). */
export const GET: APIRoute = (context) =>
	customerRead(
		context,
		{ notFound: 'servers.error.not_found', failure: 'panel.error.generic' },
		(r) =>
			listServers(
				r.client,
				r.customer.id,
				readServerView(context.url.searchParams),
				productTypeSchema.catch('game').parse(context.url.searchParams.get('kind')),
			),
	);
