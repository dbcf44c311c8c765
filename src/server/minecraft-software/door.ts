import type { APIContext } from 'astro';
import { allTextStorable } from '../../lib/security/text';
import { apiError, callerLocale, tooManyRequests } from '../http/api';
import { callerOf } from '../http/caller';
import { limits } from '../rate-limit/limits';
import { adminClient } from '../supabase/admin-client';
import type { Caller } from './actions';

/**
 * The door of a software change without a body (`DELETE /api/services/{id}/modpack`): signed in,
 * within the server actions' limit (each change reaches the game panel), the backend configured.
 * The changes with a body go through `customerRoute` with the same limit; the middleware has
 * refused another origin's write before either runs.
 */
export async function softwareDoor(
	context: APIContext,
	handle: (caller: Caller) => Promise<Response>,
): Promise<Response> {
	const locale = callerLocale(context, context.url.searchParams.get('locale'));
	if (!allTextStorable([...context.url.searchParams].flat()))
		return apiError(400, 'invalid_text', 'api.error.invalidText', locale);
	const customer = await callerOf(context);
	if (!customer) return apiError(401, 'unauthenticated', 'checkout.error.unauthenticated', locale);
	const verdict = await limits.serverActionsPerAccount.hit(customer.id);
	if (!verdict.ok) return tooManyRequests(verdict, locale);
	const admin = adminClient();
	if (!admin) return apiError(503, 'unavailable', 'checkout.error.unavailable', locale);
	return handle({ admin, customer, locale });
}
