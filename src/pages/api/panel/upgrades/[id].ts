import type { APIRoute } from 'astro';
import { customerRead } from '~/server/http/customer-read';
import { upgradePayment } from '~/server/invoices/upgrade-query';

export const prerender = false;

/** GET /api/panel/upgrades/{id}: an upgrade's quote line by line and its invoice; else 404. */
export const GET: APIRoute = (context) =>
	customerRead(
		context,
		{ notFound: 'invoices.error.notFound', failure: 'invoices.error.load' },
		(r) => upgradePayment(r.client, r.customer.id, context.params.id ?? '', new Date(), r.locale),
	);
