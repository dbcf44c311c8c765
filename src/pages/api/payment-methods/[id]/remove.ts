import type { APIRoute } from 'astro';
import { z } from 'zod';
import { apiError, json } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';
import { removeCard } from '~/server/payment-methods/actions';
import { limits } from '~/server/rate-limit/limits';

export const prerender = false;

const body = z.object({ locale: z.string().optional() });

const refusals = { not_found: 404, needed_for_renewal: 409, unavailable: 503 } as const;

/** POST /api/payment-methods/{id}/remove: the card deleted here and detached at the gateway. */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.savedCardChangesPerAccount }, async (r) => {
		const id = context.params.id ?? '';
		const result = await removeCard(r.admin, r.customer.id, id, new Date());
		if (result === 'ok') return json(200, { ok: true });
		return apiError(refusals[result], result, `paymentMethods.error.${result}`, r.locale);
	});
