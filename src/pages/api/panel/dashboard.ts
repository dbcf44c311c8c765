import type { APIRoute } from 'astro';
import { dashboard } from '~/server/dashboard/queries';
import { customerRead } from '~/server/http/customer-read';

export const prerender = false;

/** GET /api/panel/dashboard: the dashboard's figures, invoices and servers in one answer. */
export const GET: APIRoute = (context) =>
	customerRead(context, { notFound: 'panel.error.generic', failure: 'panel.error.generic' }, (r) =>
		dashboard(r.client),
	);
