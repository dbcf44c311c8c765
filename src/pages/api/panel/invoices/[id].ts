import type { APIRoute } from 'astro';
import { customerRead } from '~/server/http/customer-read';
import { invoiceDetail } from '~/server/invoices/detail-query';

export const prerender = false;

/** GET /api/panel/invoices/{id}: one invoice with lines, payments and the saved cards; else 404. */
export const GET: APIRoute = (context) =>
	customerRead(
		context,
		{ notFound: 'invoices.error.notFound', failure: 'invoices.error.load' },
		(r) => invoiceDetail(r.client, r.customer.id, context.params.id ?? '', new Date(), r.locale),
	);
