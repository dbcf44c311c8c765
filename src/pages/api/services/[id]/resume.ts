import type { APIRoute } from 'astro';
import { resumePause } from '../../../../server/billing/pause';
import { pauseRefusal, resumeBody } from '../../../../server/billing/pause-request';
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

/** POST /api/services/{id}/resume: ends the service's pause now; unused whole days come back. */
export const POST: APIRoute = async (context) => {
	let locale = callerLocale(context);
	const customer = await callerOf(context);
	if (!customer) return apiError(401, 'unauthenticated', 'checkout.error.unauthenticated', locale);
	const verdict = limits.checkoutsPerAccount.hit(customer.id);
	if (!verdict.ok) return tooManyRequests(verdict, locale);
	const read = await readJsonBody(context.request, resumeBody, locale, 1024);
	if (!read.ok) return read.response;
	locale = callerLocale(context, read.value.locale);
	const admin = adminClient();
	if (!admin) return apiError(503, 'unavailable', 'checkout.error.unavailable', locale);
	const result = await resumePause(admin, customer.id, context.params.id ?? '', new Date());
	if (typeof result === 'string') {
		const { status, message } = pauseRefusal(result);
		return apiError(status, result, message, locale);
	}
	return json(200, result);
};
