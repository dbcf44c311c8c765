import type { APIRoute } from 'astro';
import { customerRead } from '~/server/http/customer-read';
import { listCreditNotes } from '~/server/invoices/credit-notes-query';

export const prerender = false;

/** GET /api/panel/credit-notes: the caller's credit notes, newest first. */
export const GET: APIRoute = (context) =>
	customerRead(
		context,
		{ notFound: 'invoices.error.notFound', failure: 'invoices.error.load' },
		(r) => listCreditNotes(r.client, r.customer.id),
	);
