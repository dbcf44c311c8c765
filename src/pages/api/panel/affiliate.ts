import type { APIRoute } from 'astro';
import { affiliatePage } from '~/server/affiliate/queries';
import { customerRead } from '~/server/http/customer-read';

export const prerender = false;

/** GET /api/panel/affiliate: the programme as the customer sees it (joined or not). */
export const GET: APIRoute = (context) =>
	customerRead(context, { notFound: 'panel.error.generic', failure: 'panel.error.generic' }, (r) =>
		affiliatePage(r.client),
	);
