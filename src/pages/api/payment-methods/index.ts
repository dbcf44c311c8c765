import type { APIRoute } from 'astro';
import { apiError, callerLocale, json } from '~/server/http/api';
import { callerOf } from '~/server/http/caller';
import { listPaymentMethods } from '~/server/payment-methods/queries';
import { adminClient } from '~/server/supabase/admin-client';
import { logger } from '~/server/log/logger';

export const prerender = false;

/** GET /api/payment-methods: the caller's saved cards, and whether a renewal needs one. */
export const GET: APIRoute = async (context) => {
	const locale = callerLocale(context, context.url.searchParams.get('locale'));
	const customer = await callerOf(context);
	if (!customer) return apiError(401, 'unauthenticated', 'checkout.error.unauthenticated', locale);
	const admin = adminClient();
	if (!admin) return apiError(503, 'unavailable', 'paymentMethods.error.unavailable', locale);
	try {
		return json(200, await listPaymentMethods(admin, customer.id, new Date()));
	} catch (error) {
		logger.error('saved cards not read', { error });
		return apiError(503, 'unavailable', 'paymentMethods.error.unavailable', locale);
	}
};
