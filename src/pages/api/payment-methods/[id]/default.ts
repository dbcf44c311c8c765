import type { APIRoute } from 'astro';
import { z } from 'zod';
import { apiError, json } from '~/server/http/api';
import { customerRoute } from '~/server/http/customer-route';
import { setDefaultCard } from '~/server/payment-methods/actions';
import { limits } from '~/server/rate-limit/limits';

export const prerender = false;

const body = z.object({ locale: z.string().optional() });

/** POST /api/payment-methods/{id}/default: the card renewals charge from now on. */
export const POST: APIRoute = (context) =>
	customerRoute(context, { body, limit: limits.savedCardChangesPerAccount }, async (r) => {
		const result = await setDefaultCard(r.admin, r.customer.id, context.params.id ?? '');
		return result === 'ok'
			? json(200, { ok: true })
			: apiError(404, result, 'paymentMethods.error.not_found', r.locale);
	});
