import type { APIRoute } from 'astro';
import { z } from 'zod';
import { retryPayment } from '../../../../server/checkout/retry-payment';
import {
	apiError,
	callerLocale,
	json,
	readJsonBody,
	tooManyRequests,
} from '../../../../server/http/api';
import { callerOf } from '../../../../server/http/caller';
import { limits } from '../../../../server/rate-limit/limits';
import { adminClient } from '../../../../server/supabase/admin-client';

export const prerender = false;

const body = z.object({
	method: z.enum(['card', 'paypal', 'mobilepay']),
	locale: z.string().optional(),
});

/** POST /api/orders/{id}/pay: a new payment for the same order after a decline or an abandoned page. */
export const POST: APIRoute = async (context) => {
	let locale = callerLocale(context);
	const customer = await callerOf(context);
	if (!customer) return apiError(401, 'unauthenticated', 'checkout.error.unauthenticated', locale);
	const verdict = limits.checkoutsPerAccount.hit(customer.id);
	if (!verdict.ok) return tooManyRequests(verdict, locale);
	const read = await readJsonBody(context.request, body, locale, 16 * 1024);
	if (!read.ok) return read.response;
	locale = callerLocale(context, read.value.locale);
	const admin = adminClient();
	if (!admin) return apiError(503, 'unavailable', 'checkout.error.unavailable', locale);
	const result = await retryPayment(admin, customer, context.params.id ?? '', read.value.method, {
		origin: context.url.origin,
		locale,
	});
	if (result === 'not_found')
		return apiError(404, 'not_found', 'checkout.error.orderNotFound', locale);
	if (result === 'method_unavailable')
		return apiError(422, 'method_unavailable', 'checkout.error.method_unavailable', locale);
	return json(200, result);
};
