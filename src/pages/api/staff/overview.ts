import type { APIRoute } from 'astro';
import { apiError, callerLocale, json } from '~/server/http/api';
import { staffOverview } from '~/server/staff/overview';
import { adminClient } from '~/server/supabase/admin-client';

export const prerender = false;

/** What waits for staff (the overview page's counts), for staff only (the middleware's guard). */
export const GET: APIRoute = async (context) => {
	const admin = adminClient();
	if (!admin)
		return apiError(503, 'unavailable', 'checkout.error.unavailable', callerLocale(context));
	return json(200, await staffOverview(admin));
};
