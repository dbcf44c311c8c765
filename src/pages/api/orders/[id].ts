import type { APIRoute } from 'astro';
import { apiError, callerLocale, json } from '~/server/http/api';
import { callerOf } from '~/server/http/caller';
import { withPanelState } from '~/server/orders/progress';
import { orderStatus } from '~/server/orders/queries';
import { adminClient } from '~/server/supabase/admin-client';

export const prerender = false;

/** GET /api/orders/{id}: the order's progress, to its owner only (anyone else gets 404). */
export const GET: APIRoute = async (context) => {
	const locale = callerLocale(context);
	const customer = await callerOf(context);
	if (!customer) return apiError(401, 'unauthenticated', 'checkout.error.unauthenticated', locale);
	const admin = adminClient();
	if (!admin) return apiError(503, 'unavailable', 'checkout.error.unavailable', locale);
	const status = await orderStatus(admin, context.params.id ?? '', customer.id);
	return status
		? json(200, await withPanelState(status))
		: apiError(404, 'not_found', 'checkout.error.orderNotFound', locale);
};
