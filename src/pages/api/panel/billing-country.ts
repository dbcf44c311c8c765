import type { APIRoute } from 'astro';
import { billingCountry } from '~/server/account/queries';
import { customerRead } from '~/server/http/customer-read';

export const prerender = false;

/** GET /api/panel/billing-country: `{ country }`, the saved billing country the cart's VAT uses. */
export const GET: APIRoute = (context) =>
	customerRead(context, { notFound: 'panel.error.generic', failure: 'panel.error.generic' }, (r) =>
		billingCountry(r.client, r.customer.id),
	);
