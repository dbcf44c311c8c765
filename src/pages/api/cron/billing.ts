import type { APIRoute } from 'astro';
import { cronAccess } from '~/server/billing/run/cron-auth';
import { runBilling } from '~/server/billing/run/run';
import { apiError, callerLocale, json } from '~/server/http/api';
import { siteOrigin } from '~/server/config/site-origin';
import { adminClient } from '~/server/supabase/admin-client';

export const prerender = false;

/**
 * POST /api/cron/billing (bearer CRON_SECRET): one billing run now; what it did as JSON. A run
 * another server is already doing answers 200 with `ran: false`: for the scheduler that is
 * success, so the same cron line can run on every server.
 */
export const POST: APIRoute = async (context) => {
	const locale = callerLocale(context);
	const access = cronAccess(context.request);
	if (access === 'unconfigured')
		return apiError(503, 'unconfigured', 'api.error.cronUnconfigured', locale);
	if (access === 'denied') return apiError(401, 'unauthenticated', 'api.error.cronDenied', locale);
	const admin = adminClient();
	if (!admin) return apiError(503, 'unavailable', 'checkout.error.unavailable', locale);
	const summary = await runBilling(admin, { now: new Date(), origin: siteOrigin() });
	return json(200, summary);
};
