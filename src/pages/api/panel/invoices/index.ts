import type { APIRoute } from 'astro';
import { readInvoiceView } from '~/lib/panel/invoice-view';
import { customerRead } from '~/server/http/customer-read';
import { listInvoices } from '~/server/invoices/queries';

export const prerender = false;

/** GET /api/panel/invoices?q&status&sort&dir&per&page: one page of the caller's invoices. */
export const GET: APIRoute = (context) =>
	customerRead(
		context,
		{ notFound: 'invoices.error.notFound', failure: 'invoices.error.load' },
		(r) => listInvoices(r.client, r.customer.id, readInvoiceView(context.url.searchParams)),
	);
