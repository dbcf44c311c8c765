import type { APIRoute } from 'astro';
import { z } from 'zod';
import { requestPayout } from '~/server/affiliate/actions';
import { apiError, json } from '~/server/http/api';
import { asCustomerRoute } from '~/server/http/as-customer-route';
import { limits } from '~/server/rate-limit/limits';
import { currencies } from '~/lib/domain/currency';

export const prerender = false;

const body = z.object({
	currency: z.enum(currencies),
	details: z.string().max(1000),
	locale: z.string().optional(),
});

/** POST /api/affiliate/payouts {currency, details}: asks for the whole available balance; 201. */
export const POST: APIRoute = (context) =>
	asCustomerRoute(
		context,
		{ body, maxBytes: 4096, limit: limits.serviceChangesPerAccount },
		async (r) => {
			const made = await requestPayout(r.client, r.body.currency, r.body.details);
			return 'id' in made
				? json(201, made)
				: apiError(made.status, made.code, made.message, r.locale);
		},
	);
