import type { APIRoute } from 'astro';
import { cronAccess } from '~/server/billing/run/cron-auth';
import { runBilling } from '~/server/billing/run/run';
import { apiError, callerLocale, json } from '~/server/http/api';
import { resumeSoftwareChanges } from '~/server/minecraft-software/resume';
import { logger } from '~/server/log/logger';
import { siteOrigin } from '~/server/config/site-origin';
import { adminClient } from '~/server/supabase/admin-client';

export const prerender = false;

/**
 * POST /api/cron/billing (bearer CRON_SECRET): one billing run now, then the Minecraft software
 * changes a stopped server left taken up again; what it did as JSON. A run
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
	if (!summary.ran) return json(200, summary);
	// Software changes a stopped server left, taken up as provisioning is (here, not in the run:
	// src/server/minecraft-software imports billing, so billing does not import it).
	const softwareChangesResumed = await resumeSoftwareChanges(admin).catch((failure: unknown) => {
		logger.error('interrupted software changes not taken up', { error: failure });
		return 0;
	});
	return json(200, softwareChangesResumed ? { ...summary, softwareChangesResumed } : summary);
};
