import type { APIRoute } from 'astro';
import { z } from 'zod';
import { joinProgramme } from '~/server/affiliate/actions';
import { apiError, json } from '~/server/http/api';
import { asCustomerRoute } from '~/server/http/as-customer-route';
import { limits } from '~/server/rate-limit/limits';

export const prerender = false;

const body = z.object({ acceptTerms: z.boolean().optional(), locale: z.string().optional() });

/** POST /api/affiliate/join {acceptTerms: true}: joins the programme; the code (200, also if joined). */
export const POST: APIRoute = (context) =>
	asCustomerRoute(
		context,
		{ body, maxBytes: 1024, limit: limits.serviceChangesPerAccount },
		async (r) => {
			if (r.body.acceptTerms !== true)
				return apiError(400, 'terms_not_accepted', 'affiliate.error.terms', r.locale);
			return json(200, { code: await joinProgramme(r.client) });
		},
	);
